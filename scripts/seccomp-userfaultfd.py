#!/usr/bin/env python3
"""A container engine's seccomp profile with one call more: userfaultfd in user-mode-only mode.

    python3 scripts/seccomp-userfaultfd.py DEFAULT.json > seccomp.json
    docker run --security-opt seccomp=seccomp.json ...   (podman run takes the same option)

DEFAULT.json is the engine's own default profile: Podman's is /usr/share/containers/seccomp.json
(Debian's golang-github-containers-common), Docker's is moby's profiles/seccomp/default.json.
Both refuse userfaultfd (Podman by name, Docker by leaving it out), so the daemon cannot turn
the kernel's fault-around off for the pages it trims, logs `fault_around_kept` once, and holds
about 22 MB idle instead of 12.5 MB (docs/BENCHMARKS.md, "An idle daemon's memory").

The profile written is DEFAULT.json unchanged but for userfaultfd: every rule naming it loses
it, and one rule allows it only when its flags carry UFFD_USER_MODE_ONLY (1), the mode the bot
asks for (Sources/CUserfaultfd). A user-mode-only userfaultfd cannot catch faults the kernel
takes on the process's behalf, the use that made engines refuse the call; the kernel's own
`vm.unprivileged_userfaultfd=0` lets unprivileged processes have exactly this mode.
"""
import json
import sys

USER_MODE_ONLY = 1


def with_user_mode_userfaultfd(profile):
    rules = []
    for rule in profile.get("syscalls") or []:
        names = [name for name in rule.get("names", []) if name != "userfaultfd"]
        if not names and rule.get("names"):
            continue
        rules.append(dict(rule, names=names) if "names" in rule else rule)
    rules.append({
        "names": ["userfaultfd"],
        "action": "SCMP_ACT_ALLOW",
        # OCI's SCMP_CMP_MASKED_EQ: (argument 0 & value) == valueTwo.
        "args": [{"index": 0, "value": USER_MODE_ONLY, "valueTwo": USER_MODE_ONLY, "op": "SCMP_CMP_MASKED_EQ"}],
        "comment": "mirror-bot: userfaultfd in user-mode-only mode (scripts/seccomp-userfaultfd.py)",
    })
    return dict(profile, syscalls=rules)


def main(argv):
    if len(argv) != 2:
        print("usage: seccomp-userfaultfd.py DEFAULT.json > seccomp.json", file=sys.stderr)
        return 64
    try:
        with open(argv[1], encoding="utf-8") as file:
            profile = json.load(file)
    except (OSError, ValueError) as error:
        print(f"seccomp-userfaultfd: {argv[1]}: {error}", file=sys.stderr)
        return 1
    if not isinstance(profile, dict) or "defaultAction" not in profile or not isinstance(profile.get("syscalls", []), list):
        print(f"seccomp-userfaultfd: {argv[1]}: not a seccomp profile (no defaultAction or syscalls list)", file=sys.stderr)
        return 1
    json.dump(with_user_mode_userfaultfd(profile), sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
