#!/usr/bin/env bash
# Finishes the man page ArgumentParser's generate-manual plugin wrote: man-page.sh BINARY GENERATED OUT
#  - EXIT STATUS: the plugin writes the generic `.Ex -std` ("0 on success, >0 if an error occurs"); it
#    becomes README.md's "Exit codes (every command)" table (the codes and meanings users read there;
#    ReferenceTextCLITests keeps it equal to the codes the root --help names).
#  - The plugin drops every non-ASCII character of the help text ("1–40" came out as "140"), so the help
#    must be ASCII: this fails, naming the text, when `BINARY --experimental-dump-help` has any other.
set -euo pipefail
binary=$1 generated=$2 out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
"$binary" --experimental-dump-help > "$out.help.json"
python3 - "$out.help.json" "$root/README.md" "$generated" "$out" <<'PY'
import json, re, sys
help_path, readme_path, generated_path, out_path = sys.argv[1:]

def texts(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value)
    elif isinstance(node, str):
        yield node

bad = []
def check(command, path):
    path = path + [command.get("commandName", "")]
    own = {key: value for key, value in command.items() if key != "subcommands"}
    bad.extend((" ".join(path), text) for text in texts(own) if any(ord(c) > 127 for c in text))
    for sub in command.get("subcommands", []):
        check(sub, path)
check(json.load(open(help_path, encoding="utf-8"))["command"], [])
if bad:
    for where, text in bad[:10]:
        chars = "".join(sorted({c for c in text if ord(c) > 127}))
        print(f"man-page: non-ASCII {chars!r} in the help of '{where}' (the man page would drop it): {text[:100]}",
              file=sys.stderr)
    sys.exit(1)

readme = open(readme_path, encoding="utf-8").read()
section = readme.split("### Exit codes (every command)", 1)[1]
rows = re.findall(r"^\| (\d+) \| (.+?) \|$", section.split("\n\n", 2)[1], re.M)
after = section.split("\n\n", 3)[2].split("\n\n", 1)[0].replace("\n", " ")
if not rows or not after.startswith("When several inputs"):
    sys.exit("man-page: README.md's exit-code table was not found")

def text(line):
    line = line.replace("\\", "\\e").replace("`", "")
    return "\\&" + line if line.startswith((".", "'")) else line

body = [".Bl -tag -width 4n"]
for code, meaning in rows:
    body += [f".It Sy {code}", text(meaning)]
body += [".El", text(after)]

page = open(generated_path, encoding="utf-8").read()
generic = re.search(r'^\.Sh "?EXIT STATUS"?\n\.Ex -std(\n|\Z)', page, re.M)
if not generic:
    sys.exit("man-page: the generated page has no '.Sh EXIT STATUS' / '.Ex -std' to replace")
page = page[: generic.start()] + '.Sh "EXIT STATUS"\n' + "\n".join(body) + "\n" + page[generic.end():]
open(out_path, "w", encoding="utf-8").write(page)
PY
rm -f "$out.help.json"
