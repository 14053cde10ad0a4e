#!/usr/bin/env python3
"""Load on a running fake-misskey, as the bots of scripts/host-scale.sh ask it: every connection
picks a bot of the world at random and sends one of a bot's poll requests (its mentions, its home
timeline, its human's notes, reactions and home timeline; now and then `i`, a page further back, a
note or a reaction). Prints requests a second, latency percentiles, the statuses, and, given the
fake's pid, its CPU time a request, its resident memory and its open sockets.

    fake-load.py BASE_URL WORLD_DIR [--seconds 20] [--connections 64] [--processes 2] [--rate R] [--pid PID] [--close]

WORLD_DIR is what scripts/host-scale-world.py wrote (its seed.json). `--close` sends
`Connection: close` with every request: a connection a request, as clients of a server without
keep-alive make.
"""
import argparse
import http.client
import json
import multiprocessing
import os
import random
import threading
import time
import urllib.parse


def world(directory):
    seed = json.load(open(os.path.join(directory, "seed.json")))
    humans = {u["id"]: u for u in seed["users"] if u["username"].startswith("human")}
    bots = [u for u in seed["users"] if u["username"].startswith("mirror")]
    notes = {}
    for note in seed["notes"]:
        if note["user_id"] in humans:
            notes.setdefault(note["user_id"], []).append(note["id"])
    pairs = []
    for bot in bots:
        human_id = bot["id"][:-4] + "hmn0"
        if human_id in humans:
            pairs.append((bot["token"], human_id, humans[human_id]["token"], notes.get(human_id, [])))
    return pairs


def request(pairs, rng, serial):
    bot_token, human_id, human_token, notes = rng.choice(pairs)
    roll = rng.random()
    if roll < 0.19:
        return "i/notifications", bot_token, {"limit": 100, "includeTypes": ["mention", "reply"], "markAsRead": False}
    if roll < 0.38:
        return "notes/timeline", bot_token, {"limit": 100}
    if roll < 0.57:
        body = {"userId": human_id, "withReplies": True, "withRenotes": True, "limit": 100}
        if notes and rng.random() < 0.2:
            body["untilId"] = rng.choice(notes)
        return "users/notes", human_token, body
    if roll < 0.76:
        return "users/reactions", human_token, {"userId": human_id, "limit": 100}
    if roll < 0.95:
        return "notes/timeline", human_token, {"limit": 100}
    if roll < 0.98:
        return "i", bot_token, {}
    if roll < 0.99 or not notes:
        return "notes/create", bot_token, {"text": f"load {os.getpid()} {serial}", "visibility": "home"}
    return "notes/reactions/create", bot_token, {"noteId": rng.choice(notes), "reaction": "❤"}


def connection_loop(url, pairs, deadline, close, interval, results):
    rng = random.Random()
    latencies, statuses, errors, serial = [], {}, 0, 0
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    due = time.monotonic() + (rng.random() * interval if interval else 0)
    while time.monotonic() < deadline:
        if interval:
            time.sleep(max(0.0, due - time.monotonic()))
            if due >= deadline:
                break
        serial += 1
        endpoint, token, body = request(pairs, rng, serial)
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
        if close:
            headers["Connection"] = "close"
        started = due if interval else time.monotonic()
        due += interval
        try:
            conn.request("POST", "/api/" + endpoint, body=json.dumps(body), headers=headers)
            response = conn.getresponse()
            response.read()
        except (OSError, http.client.HTTPException):
            errors += 1
            conn.close()
            continue
        latencies.append(time.monotonic() - started)
        statuses[response.status] = statuses.get(response.status, 0) + 1
        if close or response.getheader("Connection", "").lower() == "close":
            conn.close()
    conn.close()
    results.append((latencies, statuses, errors))


def process_main(url, directory, seconds, connections, close, interval, queue):
    pairs = world(directory)
    deadline = time.monotonic() + seconds
    results = []
    threads = [threading.Thread(target=connection_loop, args=(url, pairs, deadline, close, interval, results)) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies, statuses, errors = [], {}, 0
    for (l, s, e) in results:
        latencies += l
        errors += e
        for key, value in s.items():
            statuses[key] = statuses.get(key, 0) + value
    queue.put((latencies, statuses, errors))


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def sockets(pid):
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:")
        except OSError:
            pass
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base_url")
    parser.add_argument("world_dir")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--pid", type=int)
    parser.add_argument("--close", action="store_true")
    parser.add_argument("--rate", type=float)
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.base_url)
    per_process = max(1, args.connections // args.processes)
    interval = args.processes * per_process / args.rate if args.rate else 0
    queue = multiprocessing.Queue()
    cpu_before = cpu_seconds(args.pid) if args.pid else 0
    started = time.monotonic()
    processes = [multiprocessing.Process(target=process_main, args=(url, args.world_dir, args.seconds, per_process, args.close, interval, queue))
                 for _ in range(args.processes)]
    for process in processes:
        process.start()
    peak_sockets = 0
    if args.pid:
        while time.monotonic() < started + args.seconds - 1:
            peak_sockets = max(peak_sockets, sockets(args.pid))
            time.sleep(1)
    latencies, statuses, errors = [], {}, 0
    for _ in processes:
        (l, s, e) = queue.get()
        latencies += l
        errors += e
        for key, value in s.items():
            statuses[key] = statuses.get(key, 0) + value
    for process in processes:
        process.join()
    elapsed = time.monotonic() - started
    latencies.sort()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))] * 1000 if latencies else 0.0

    print(f"fake-load: {len(latencies)} answers in {elapsed:.1f} s: {len(latencies) / elapsed:.0f} a second, "
          f"{args.processes * per_process} connections{' (Connection: close)' if args.close else ''}, {errors} errors")
    print(f"fake-load: latency ms p50 {percentile(0.5):.1f} p90 {percentile(0.9):.1f} p99 {percentile(0.99):.1f} max {percentile(1.0):.1f}")
    print("fake-load: statuses " + " ".join(f"{key}:{value}" for key, value in sorted(statuses.items())))
    if args.pid:
        cpu = cpu_seconds(args.pid) - cpu_before
        per_request = cpu / len(latencies) * 1000 if latencies else 0.0
        print(f"fake-load: the fake used {cpu:.1f} CPU-seconds ({per_request:.2f} ms a request), "
              f"resident {rss_mb(args.pid):.0f} MB, at most {peak_sockets} sockets")


if __name__ == "__main__":
    main()
