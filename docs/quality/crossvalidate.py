"""How the weights of `PooledBayes` were chosen: cross-validation inside the training
split of docs/quality/run.sh (never its held-out split), and a synthetic timeline.

A Python model of `FAVORITE_RATE_THRESHOLD=auto`'s arithmetic (docs/CLASSIFIER.md):
each post of the training stream is scored against the counts before it, the
threshold lets the stream's favorite share of the last 1,000 scores through, and
the held-out fold is classified against the final counts. Per favorite : normal
mix, the mix's training file (OUTDIR/with-author/mix-R/train.jsonl, with the
features `classify --jsonl` printed for it) is cut into 5 folds by line number
modulo 5; each fold is held out once while the 4 others are learnt in file
order. Figures: the bot's like share divided by the human's, then F1, averaged
over the folds. The synthetic timeline follows `SyntheticTimeline` of the Redis
adapter tests (words carry the signal, authors little): 3,000 posts learnt,
2,000 classified, 3 seeds.

Usage: crossvalidate.py OUTDIR   (OUTDIR: QUALITY_WORK of a docs/quality/run.sh run)
"""
import json
import math
import random
import sys
from collections import defaultdict

AUTHOR = "@author:"
MIXES = (1, 3, 10, 20)
WINDOW = 1000


def pooled(author_weight, text_weight, text_scale=1.0):
    """The log likelihood ratio of PooledBayes with these weights; text_scale multiplies the words' sum."""
    def score(documents, counts, features):
        favorite_documents, normal_documents = documents
        if not favorite_documents or not normal_documents or not features:
            return -math.inf
        total = favorite_documents + normal_documents
        author = text = 0.0
        for feature in features:
            favorite, normal = counts.get(feature, (0, 0))
            totals = favorite + normal
            is_author = feature.startswith(AUTHOR)
            weight = author_weight if is_author else text_weight
            assumed = (totals + 1) / (total + 2)
            pull = (math.log((weight * assumed + favorite / favorite_documents * totals) / (weight + totals))
                    - math.log((weight * assumed + normal / normal_documents * totals) / (weight + totals)))
            if is_author:
                author += pull
            else:
                text += pull
        return author + text_scale * text
    return score


def learn_and_classify(score, train, test):
    """(like share / the human's, F1) on `test` after learning the stream `train` as `auto` does."""
    documents = [0, 0]
    counts = defaultdict(lambda: (0, 0))
    recent = []
    for features, liked in train:
        recent.append(score(documents, counts, features))
        index = 0 if liked else 1
        documents[index] += 1
        for feature in features:
            favorite, normal = counts[feature]
            counts[feature] = (favorite + liked, normal + (not liked))
    share = sum(liked for _, liked in train) / len(train)
    ranked = sorted(recent[-WINDOW:], reverse=True)
    k = int(math.floor(share * len(ranked) + 0.5))
    threshold = ranked[k] if k < len(ranked) else -math.inf
    predicted = [score(documents, counts, features) > threshold for features, _ in test]
    truth = [liked for _, liked in test]
    hits = sum(p and t for p, t in zip(predicted, truth))
    f1 = 2 * hits / (sum(predicted) + sum(truth)) if hits else 0.0
    return sum(predicted) / sum(truth), f1


def mean(pairs):
    return tuple(sum(values) / len(values) for values in zip(*pairs))


def quotes(outdir, ratio):
    features = {}
    for name in ("train-output.jsonl", "test-output.jsonl"):
        with open(f"{outdir}/with-author/{name}", encoding="utf-8") as lines:
            for line in lines:
                row = json.loads(line)
                features[row["id"]] = row["features"]
    with open(f"{outdir}/with-author/mix-{ratio}/train.jsonl", encoding="utf-8") as lines:
        return [(features[row["id"]], row["label"] == "favorite") for row in map(json.loads, lines)]


def cross_validate(score, posts, folds=5):
    return mean(learn_and_classify(score, [p for i, p in enumerate(posts) if i % folds != k],
                                   [p for i, p in enumerate(posts) if i % folds == k]) for k in range(folds))


def synthetic_post(rng, share):
    liked = rng.random() < share
    words = [f"c{rng.randrange(400)}" for _ in range(3 if liked else 6)]
    if liked:
        words += [f"t{rng.randrange(40)}" for _ in range(3)]
    elif rng.random() < 0.1:
        words.append(f"t{rng.randrange(40)}")
    favored = liked and rng.random() < 0.6
    author = f"a{rng.randrange(10) if favored else rng.randrange(60)}"
    return list(dict.fromkeys(words)) + [AUTHOR + author], liked


def synthetic(score, share, seeds=3):
    results = []
    for seed in range(seeds):
        rng = random.Random(seed)
        posts = [synthetic_post(rng, share) for _ in range(5000)]
        results.append(learn_and_classify(score, posts[:3000], posts[3000:]))
    return mean(results)


METHODS = (
    ("author 1, words 1 (formula 1)", pooled(1, 1)),
    ("author 1, words 3", pooled(1, 3)),
    ("author 1, words 10 (formula 2, `auto`)", pooled(1, 10)),
    ("author 1, words 30", pooled(1, 30)),
    ("author 1, words 100", pooled(1, 100)),
    ("all features 10", pooled(10, 10)),
    ("author 1, words 1, words' sum x 0.1", pooled(1, 1, 0.1)),
)


def main():
    outdir = sys.argv[1]
    streams = {ratio: quotes(outdir, ratio) for ratio in MIXES}
    print("| weights | " + " | ".join(f"quotes 1:{r}" for r in MIXES) + " | " + " | ".join(f"synthetic 1:{r}" for r in MIXES) + " |")
    print("| --- |" + " --- |" * (2 * len(MIXES)))
    for name, score in METHODS:
        cells = [cross_validate(score, streams[ratio]) for ratio in MIXES]
        cells += [synthetic(score, 1 / (ratio + 1)) for ratio in MIXES]
        print(f"| {name} | " + " | ".join(f"{share:.2f}x, {f1:.3f}" for share, f1 in cells) + " |", flush=True)


if __name__ == "__main__":
    main()
