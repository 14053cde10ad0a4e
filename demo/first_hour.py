"""The human's first active hour, read off `mirror-bot schedule --days 30 --seed 1 --json` on stdin:
the hour after their longest quiet stretch, as HH:00. The demo (and scripts/image-check.sh) start
the bot's accelerated clock there, so a run shows a day, not a list of missed slots."""
import json
import sys

hours = [0] * 24
for line in sys.stdin:
    for t in json.loads(line)["times"]:
        hours[int(t[:2])] += 1
best, start = -1, 0
for h in range(24):
    if hours[h] == 0 and hours[h - 1] != 0:
        n = 0
        while n < 24 and hours[(h + n) % 24] == 0:
            n += 1
        if n > best:
            best, start = n, (h + n) % 24
print(f"{start:02d}:00")
