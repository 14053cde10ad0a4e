#!/usr/bin/env python3
"""A person at `mirror-bot setup` for the demo (DEMO_SETUP=1 scripts/demo.sh).

    setup_person.py MIRROR_BOT ENV_FILE

Runs `MIRROR_BOT setup --env-file ENV_FILE` at a pseudo-terminal (the standard library's pty
module), shows the terminal as it goes, and answers each prompt as a person would: the network
and the server; on X each app's consumer key and secret; then each sign-in, opening the page it
prints like a browser signed in as that account (the fake reads who from the cookie
fake_signed_in_as) and typing back the PIN it shows, or pressing Enter after MiAuth's page; on
Bluesky the handle and the app password. What it types comes from the environment:

    DEMO_SETUP_NETWORK            x, bluesky or misskey
    DEMO_SETUP_SERVER             the server setup asks for (Misskey)
    DEMO_SETUP_HUMAN, _BOT        each account's username (X, Misskey) or handle (Bluesky)
    DEMO_SETUP_HUMAN_PASSWORD, _BOT_PASSWORD   Bluesky's app passwords
    DEMO_SETUP_HUMAN_CONSUMER_KEY, _SECRET, DEMO_SETUP_BOT_CONSUMER_KEY, _SECRET   X's apps

(Not under the names mirror-bot reads: setup would take them from its environment and not ask.)

Exits with setup's status; after 60 seconds with nothing new on the terminal it stops setup and
exits 1.
"""
import os
import pty
import re
import select
import signal
import sys
import urllib.request

env = os.environ


def opened(page, account):
    """The page as a browser signed in as `account` shows it."""
    request = urllib.request.Request(page, headers={"Cookie": f"fake_signed_in_as={account}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def page_on(screen, marker):
    return next((line.strip() for line in reversed(screen.splitlines()) if marker in line), "")


class Person:
    def __init__(self):
        self.role = "human"
        self.network = env["DEMO_SETUP_NETWORK"]

    def account(self):
        return env[f"DEMO_SETUP_{self.role.upper()}"]

    def turn_to(self, screen):
        self.role = "bot" if "the bot's account" in screen else "human"
        say(f"(the person signs in as {self.account()}, the {self.role}'s account)")

    def answer(self, screen):
        """What to type for the prompt at the end of `screen` (what the terminal showed since the
        last answer), or None to wait for more."""
        if "Network (x, mastodon, misskey, bluesky)" in screen:
            return self.network
        if "server both accounts are on" in screen:
            return env["DEMO_SETUP_SERVER"]
        for role in ("human", "bot"):
            if f"The {role}'s app: consumer key" in screen:
                return env[f"DEMO_SETUP_{role.upper()}_CONSUMER_KEY"]
            if f"The {role}'s app: consumer secret" in screen:
                return env[f"DEMO_SETUP_{role.upper()}_CONSUMER_SECRET"]
        if "Type the PIN it shows:" in screen:
            self.turn_to(screen)
            pin = re.search(r"<code>([0-9]+)</code>", opened(page_on(screen, "/oauth/authorize?"), self.account()))
            return pin.group(1) if pin else ""
        if "Then press Enter here." in screen:
            self.turn_to(screen)
            opened(page_on(screen, "/miauth/"), self.account())
            return ""
        if "Handle (e.g." in screen:
            self.turn_to(screen)
            return self.account()
        if "App password (not shown):" in screen:
            return env[f"DEMO_SETUP_{self.role.upper()}_PASSWORD"]
        return None


def say(line):
    sys.stdout.write(f"\r\n{line}\r\n")
    sys.stdout.flush()


def main():
    binary, env_file = sys.argv[1], sys.argv[2]
    person = Person()
    pid, terminal = pty.fork()
    if pid == 0:
        os.execv(binary, [binary, "setup", "--env-file", env_file])
    screen = b""
    typed_at = 0
    while True:
        ready, _, _ = select.select([terminal], [], [], 60)
        if not ready:
            os.kill(pid, signal.SIGTERM)
            say("demo: setup showed nothing new for 60 seconds; stopped")
            os.waitpid(pid, 0)
            return 1
        try:
            chunk = os.read(terminal, 4096)
        except OSError:  # EIO: setup exited and closed the terminal
            break
        if not chunk:
            break
        sys.stdout.write(chunk.decode(errors="replace"))
        sys.stdout.flush()
        screen += chunk
        answer = person.answer(screen[typed_at:].decode(errors="replace"))
        if answer is None:
            continue
        typed_at = len(screen)
        os.write(terminal, (answer + "\n").encode())
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
