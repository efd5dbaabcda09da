#!/usr/bin/env bash
# check_citations.sh: every section the project cites exists, and DESIGN.md maps every file.
#
# Why built so: the code and the documents explain themselves by pointing at sections
# ("NUMERICS.md 3.1, 3.2", "NUMERICS §7.2", "NUMERICS 2-5", "DESIGN.md, \"Time step as
# phases\"", "docs/user-guide.md, \"Images\""), and a pointer to a section that was
# renumbered, renamed or never written teaches nothing. This check reads the tracked sources
# and documents (*.hpp, *.cpp, *.sh, *.md, Makefile, everything under test/, bench/, tools/ and
# .ci/), collects every such reference and fails, naming FILE:LINE, when
#   - NUMERICS.md has no heading with a cited number (a line "## 3. ..." or "### 3.1 ...");
#     lists ("3.1, 3.2", "8, 7.1"), ranges ("2-5", "3.1-3.3": both ends are checked),
#     "§0/§7.3", "section 10" and a bare "§6.3" (which only NUMERICS uses) are understood;
#   - a cited NUMERICS section's title, where the citation gives one, is not its heading's
#     words: NUMERICS 21, "Receivers with topography" (quoted, after the number, the comma
#     optional), NUMERICS 21 (Receivers with topography) (in parentheses that open with a
#     capital letter or a backquote: a parenthesis in lower case, "NUMERICS 3.3 (below)", is
#     a remark), or NUMERICS.md, "The norms" (no number: some heading has those words); after
#     a list or a range the title names its last section;
#   - a cited document has no heading (or paragraph opening with a bold label) with a cited
#     name: DOC, "Name" with DOC any .md file
#     (README alone means README.md), with or without the comma or with a colon, and more
#     names after it (DOC, "Name" and "Other name"); a citation may run on to the next line;
#   - a cited .md file (say shared/NOTES.md) is not in the repository;
#   - a link's anchor, [text](FILE.md#anchor) or [text](#anchor) in a .md file, is no heading of
#     that file (GitHub's anchors: the heading in lower case, punctuation dropped, blanks as -).
# It also fails when DESIGN.md's layout table misses a tracked *.hpp or *.cpp (test/ and bench/
# have rows of their own) or lists one that is gone (layout_check, below).
# This file itself is not scanned (its own examples are not citations).
#
#   usage: tools/check_citations.sh [--list] [ROOT]    ROOT: the repository (default: here)
#          tools/check_citations.sh --self-test        shows, on a copy, that the check fails
#                                                      on a bad citation of each kind
# bash, grep, sed and awk only (POSIX awk: mawk will do). Exit status 0: all found; 1: not.
set -u

self=tools/check_citations.sh

# The files to scan under $1, one per line, relative to $1.
source_files() {
  local root=$1 list
  if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    list=$(git -C "$root" ls-files --cached --others --exclude-standard)
  else
    list=$(cd "$root" && find . -type f ! -path './.git/*' | sed 's|^\./||')
  fi
  printf '%s\n' "$list" |
    grep -E '(\.hpp|\.cpp|\.sh|\.md)$|^(test|bench|tools|\.ci)/|^Makefile$' |
    grep -v -E '^(build|test-output|bench-output)/' |
    grep -v -x -F "$self" | sort -u
}

# The check proper. $1: root, $2: 1 to list every citation found.
check() {
  local root=$1 list=$2 files=()
  cd "$root" || { echo "check_citations: no directory $root"; return 1; }
  while IFS= read -r f; do
    [ -f "$f" ] && grep -q -I -E 'NUMERICS|DESIGN|README|§|\.md' "$f" 2>/dev/null && files+=("$f")
  done < <(source_files .)
  local num=NUMERICS.md des=DESIGN.md
  [ -f "$num" ] || num=/dev/null
  [ -f "$des" ] || des=/dev/null
  # awk reads NUMERICS.md's headings first (BEGIN), then the sources, the documents too.
  awk -v numfile="$num" -v desfile="$des" -v list="$list" '
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    # A comment line continued: the text without its leading blanks and comment marker.
    function uncomment(s) { s = trim(s); sub(/^(\/\/+|#+|\*+)[ \t]*/, "", s); return s }
    function fail(f, l, msg) { print f ":" l ": " msg; bad++ }
    function note(f, l, what) { ncite++; if (list) print "  " f ":" l ": " what }
    function check_num(n, f, l, cited) {
      note(f, l, "NUMERICS.md " n)
      if (!(n in numsec)) fail(f, l, "NUMERICS.md has no section " n " (cited as \"" cited "\")")
    }
    # A title given after the section number(s) lst, at the start of rest (NUMERICS 21,
    # "Receivers with topography" or NUMERICS 21 (Receivers with topography)): it must be the
    # words of the heading of the last number of lst. Returns rest without the title.
    function check_title(lst, rest, f, l,    words, n, tok, k) {
      if (match(rest, /^ *,? *"[A-Za-z0-9`(][^"]*"/)) {
        words = substr(rest, 1, RLENGTH); sub(/^[^"]*"/, "", words); sub(/"$/, "", words)
      } else if (match(rest, /^ *\([A-Z`]([^()]|\([^()]*\))*\)/)) {
        words = substr(rest, 1, RLENGTH); sub(/^ *\(/, "", words); sub(/\)$/, "", words)
      } else return rest
      rest = substr(rest, RLENGTH + 1)
      gsub(/§|sections?|and|[,\/–-]/, " ", lst); k = split(lst, tok, " "); n = tok[k]
      words = trim(words); gsub(/[ \t]+/, " ", words)
      note(f, l, "NUMERICS.md " n " \"" words "\"")
      if ((n in numsec) && numtitle[n] != words)
        fail(f, l, "NUMERICS.md " n " is \"" numtitle[n] "\", not \"" words "\"")
      return rest
    }
    # The section numbers of a list such as " 3.1, 3.2", " §0/§7.3", " section 10", " 2-5".
    function check_list(s, f, l, cited,    n, i, tok, ends) {
      gsub(/§/, " ", s); gsub(/sections?/, " ", s); gsub(/and/, ",", s)
      gsub(/–/, "-", s); gsub(/ *- */, "-", s); gsub(/[,\/]/, " ", s)
      n = split(s, tok, " ")
      for (i = 1; i <= n; i++) {
        if (tok[i] == "") continue
        if (index(tok[i], "-")) {
          split(tok[i], ends, "-")
          check_num(ends[1], f, l, cited); check_num(ends[2], f, l, cited)
        } else check_num(tok[i], f, l, cited)
      }
    }
    # The sections of a document, read once: its headings ("# ...", "## ..." outside code blocks)
    # and the bold labels that open a paragraph ("**Never half there.** ...").
    function load_headings(doc,    line, h, fence) {
      loaded[doc] = 1; fence = 0
      if (system("test -f \"" doc "\"") != 0) { missing[doc] = 1; return }
      while ((getline line < doc) > 0) {
        if (line ~ /^```/) { fence = !fence; continue }
        if (!fence && line ~ /^#+ /) {
          h = line; sub(/^#+ +/, "", h); heading[doc, trim(h)] = 1
          # its anchor as GitHub makes it; a repeated one gets -1, -2, ...
          h = tolower(trim(h)); gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h)
          if ((doc, h) in anchor) { nrep[doc, h]++; h = h "-" nrep[doc, h] }
          anchor[doc, h] = 1
        }
        # a paragraph that opens with a bold label ("**Never half there.** ...") is a section too
        if (!fence && match(line, /^\*\*[^*]+\*\*/)) {
          h = substr(line, 3, RLENGTH - 4); sub(/[.:]$/, "", h); heading[doc, trim(h)] = 1
        }
      }
      close(doc)
    }
    # A document named in file f: from the repository root, else from the folder of f (a
    # link between two files of docs/).
    function resolve(doc, f,    dir) {
      if (system("test -f \"" doc "\"") == 0) return doc
      dir = f; if (!sub(/\/[^\/]*$/, "", dir)) return doc
      return system("test -f \"" dir "/" doc "\"") == 0 ? dir "/" doc : doc
    }
    function check_heading(doc, name, f, l) {
      doc = resolve(doc, f)
      note(f, l, doc " \"" name "\"")
      if (!(doc in loaded)) load_headings(doc)
      if (doc in missing) fail(f, l, "cites " doc ", which is not in the repository")
      else if (!((doc, name) in heading)) fail(f, l, doc " has no section \"" name "\"")
    }
    # All citations in text t (line l of file f); returns t with what it used blanked out.
    function parse(t, f, l,    out, rest, lst, name, q, cited, doc) {
      out = ""
      while (match(t, /NUMERICS(\.md)?/)) {
        out = out substr(t, 1, RSTART - 1); cited = substr(t, RSTART, RLENGTH)
        rest = substr(t, RSTART + RLENGTH)
        if (match(rest, /^ *((sections?|§) *)?[0-9]+(\.[0-9]+)*( *(,|\/|-|–|and) *(§ *)?[0-9]+(\.[0-9]+)*)*/)) {
          lst = substr(rest, 1, RLENGTH); rest = substr(rest, RLENGTH + 1)
          check_list(lst, f, l, cited lst)
          rest = check_title(lst, rest, f, l)
        } else if (match(rest, /^[,:]? *"[A-Za-z0-9`(][^"]*"/)) {  # NUMERICS.md, "The norms"
          name = substr(rest, 1, RLENGTH); rest = substr(rest, RLENGTH + 1)
          sub(/^[^"]*"/, "", name); sub(/"$/, "", name); name = trim(name); gsub(/[ \t]+/, " ", name)
          note(f, l, "NUMERICS.md \"" name "\"")
          if (!(name in numname)) fail(f, l, "NUMERICS.md has no section \"" name "\"")
        }
        t = rest
      }
      t = out t; out = ""
      # DOC, "Heading" (the comma may be missing; DOC is README or any .md file; more names
      # may follow: DOC, "A" and "B").
      while (match(t, /(README(\.md)?|[A-Za-z0-9_\/.-]+\.md)[,:]? *"[A-Za-z0-9`(][^"]*"/)) {
        out = out substr(t, 1, RSTART - 1); rest = substr(t, RSTART + RLENGTH)
        name = substr(t, RSTART, RLENGTH); doc = name
        sub(/[,:]? *".*$/, "", doc); if (doc == "README") doc = "README.md"
        sub(/^[^"]*"/, "", name); sub(/"$/, "", name)
        while (1) {
          name = trim(name); gsub(/[ \t]+/, " ", name)
          check_heading(doc, name, f, l)
          if (!match(rest, /^ *(,|and|, and) *"[^"]*"/)) break
          name = substr(rest, 1, RLENGTH); rest = substr(rest, RLENGTH + 1)
          sub(/^[^"]*"/, "", name); sub(/"$/, "", name)
        }
        t = rest
      }
      t = out t
      # A bare §N (only NUMERICS is cited so).
      while (match(t, /§ *[0-9]+(\.[0-9]+)*/)) {
        lst = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
        check_list(lst, f, l, lst)
        t = check_title(lst, t, f, l)
      }
      return t
    }
    # Links with an anchor in t: [text](FILE.md#anchor), or [text](#anchor) in a .md file f.
    function check_anchors(t, f, l,    link, doc, a) {
      while (match(t, /\]\([A-Za-z0-9_.\/-]*#[A-Za-z0-9_-]+\)/)) {
        link = substr(t, RSTART + 2, RLENGTH - 3); t = substr(t, RSTART + RLENGTH)
        doc = link; sub(/#.*$/, "", doc); a = link; sub(/^[^#]*#/, "", a)
        if (doc == "") { if (f !~ /\.md$/) continue; doc = f } else doc = resolve(doc, f)
        if (doc !~ /\.md$/) continue
        note(f, l, doc "#" a)
        if (!(doc in loaded)) load_headings(doc)
        if (!(doc in missing) && !((doc, a) in anchor)) fail(f, l, doc " has no heading with the anchor #" a)
      }
    }
    # Names of .md files in t: each must be a file of the repository.
    function check_md(t, f, l,    name, after) {
      while (match(t, /[A-Za-z0-9_\/-]+(\.[A-Za-z0-9_-]+)*\.md/)) {
        name = substr(t, RSTART, RLENGTH); after = substr(t, RSTART + RLENGTH, 2)
        t = substr(t, RSTART + RLENGTH)
        if (after ~ /^[A-Za-z0-9_(]/ || after ~ /^\.[A-Za-z0-9_]/ || after ~ /^->/) continue
        name = resolve(name, f)
        if (!((name) in seenmd)) seenmd[name] = system("test -f \"" name "\"") == 0
        if (!seenmd[name]) fail(f, l, "cites " name ", which is not in the repository")
      }
    }
    BEGIN {  # the section numbers of NUMERICS.md and their titles (the other words of the heading)
      while ((getline line < numfile) > 0)
        if (line ~ /^#+ /) { h = line; sub(/^#+ +/, "", h); split(h, w, " "); n = w[1]
          sub(/^§/, "", n); sub(/\.$/, "", n)
          if (n ~ /^[0-9]+(\.[0-9]+)*$/) {
            numsec[n] = 1; h = trim(h); sub(/^[^ ]+ */, "", h); gsub(/[ \t]+/, " ", h)
            numtitle[n] = h; numname[h] = 1; numname[n " " h] = 1
          }
        }
      close(numfile)
    }
    FNR == 1 { carry = "" }
    {
      t = $0
      if (carry != "") { t = carry " " uncomment(t); l = carryline; carry = "" } else l = FNR
      check_md($0, FILENAME, FNR); check_anchors($0, FILENAME, FNR)
      # A citation cut by the end of the line goes on with the next line.
      # (A number with a title opened but not closed, or a list that goes on, goes on too.)
      if (match(t, /(NUMERICS(\.md)?( *(section|§))?|(README(\.md)?|[A-Za-z0-9_\/.-]+\.md)[,:]?( *"[^"]*" *(,|and))* *("[^"]*)?) *$/) ||
          match(t, /(NUMERICS(\.md)? *((sections?|§) *)?|§ *)[0-9]+(\.[0-9]+)*( *(,|\/|-|–|and) *(§ *)?[0-9]+(\.[0-9]+)*)*( *(,|\/|-|–|and)| *,? *"[A-Za-z0-9`(][^"]*| *\([A-Z`]([^()]|\([^()]*\))*) *$/)) {
        carry = substr(t, RSTART); carryline = l; t = substr(t, 1, RSTART - 1)
      }
      parse(t, FILENAME, l)
    }
    END {
      if (numfile == "/dev/null") { print "check_citations: NUMERICS.md is missing"; bad++ }
      if (desfile == "/dev/null") { print "check_citations: DESIGN.md is missing"; bad++ }
      if (bad) { print "check_citations: " bad " problem(s) in " ncite " citations"; exit 1 }
      print "check_citations: all " ncite " citations found"
    }' "${files[@]}"
  local rc=$?
  layout_check . || rc=1
  return $rc
}

# DESIGN.md's layout table (its section "Layout: one concern per file") names every header and
# source of the program, one row each: every tracked *.hpp and *.cpp outside test/ and bench/
# (which have rows of their own) is in a backquoted cell, and every path in one is a file.
layout_check() {
  local root=$1 listed f bad=0 n=0
  [ -f "$root/DESIGN.md" ] || return 0  # its absence is reported above
  listed=$(awk '/^## Layout/ { on = 1; next } /^## / { on = 0 } on' "$root/DESIGN.md" |
    grep -o '`[^`]*`' | tr -d '`' | sort -u)
  while IFS= read -r f; do
    n=$((n + 1))
    grep -q -x -F -- "$f" <<<"$listed" ||
      { echo "DESIGN.md: the layout table does not list $f"; bad=1; }
  done < <(source_files "$root" | grep -E '\.(hpp|cpp)$' | grep -v -E '^(test|bench)/')
  while IFS= read -r f; do
    [ -f "$root/$f" ] || { echo "DESIGN.md: the layout table lists $f, which is not in the repository"; bad=1; }
  done < <(grep -E '^[A-Za-z0-9_./-]+\.(hpp|cpp)$' <<<"$listed")
  [ "$bad" -eq 0 ] && echo "check_citations: DESIGN.md's layout table lists all $n headers and sources"
  return $bad
}

# On a copy of the repository: the copy passes, and each kind of bad citation fails.
self_test() {
  local root=$1 tmp rc=0
  tmp=$(mktemp -d) || return 1
  trap 'rm -rf "$tmp"' RETURN
  (cd "$root" && { source_files .; echo "$self"; ls ./*.md ./docs/*.md 2>/dev/null; } |
     tar -cf - -T -) | (cd "$tmp" && tar -xf -) || return 1
  expect() {  # WHAT RC: the check on the copy exits RC (0 or 1) and prints WHAT when it fails
    local what=$1 want=$2 out got
    out=$(bash "$tmp/$self" "$tmp" 2>&1); got=$?
    if [ "$got" -ne "$want" ] || { [ "$want" -ne 0 ] && ! grep -q -F -- "$what" <<<"$out"; }; then
      echo "self-test FAILED: $what: exit $got, expected $want"; echo "$out" | tail -n 5; rc=1
    else echo "self-test ok: $what (exit $got)"; fi
  }
  local probe=$tmp/test/checks/citation-probe.sh S='§' N=NUMERICS D=DESIGN
  expect "the copy passes" 0
  echo "# see $N.md 2.2, 99.1" >"$probe";          expect "no section 99.1" 1
  echo "# see $N 3.1-3.77" >"$probe";               expect "no section 3.77" 1
  echo "# see $N ${S}0/${S}41.2" >"$probe";          expect "no section 41.2" 1
  echo "# see (${S}88.8)" >"$probe";                 expect "no section 88.8" 1
  printf '# see (%s.md, "Time step\n# as phasers")\n' "$D" >"$probe"
  expect 'no section "Time step as phasers"' 1
  echo "# see $N-topography.md" >"$probe";          expect "$N-topography.md, which is not" 1
  echo "# see $D.md \"Time step as phasers\"" >"$probe";  expect 'no section "Time step as phasers"' 1
  echo "# see README, \"No such heading\"" >"$probe";   expect 'README.md has no section "No such heading"' 1
  echo "# see docs/none.md, \"Intro\"" >"$probe";       expect "docs/none.md, which is not" 1
  # titles: right ones pass (a lower-case parenthesis is a remark), wrong ones fail
  printf '# see %s 21 (Receivers with topography), %s.md 3.4, "The coefficient tables",\n# %s.md, "The norms", (%s7.3 (The norms)), %s 3.3 (below), %s 16 (The\n# curvilinear elastic operator), [images](docs/user-guide.md#images)\n' \
    "$N" "$N" "$N" "$S" "$N" "$N" >"$probe";       expect "right titles and anchors pass" 0
  echo "# see $N 21 (Receivers with topograhpy)" >"$probe"
  expect 'NUMERICS.md 21 is "Receivers with topography", not "Receivers with topograhpy"' 1
  echo "# see $N.md 3.4, \"The coefficient table\"" >"$probe"; expect 'not "The coefficient table"' 1
  echo "# see $N.md, \"The norm\"" >"$probe";          expect 'NUMERICS.md has no section "The norm"' 1
  printf '# see (%s 7.3 (The\n# norm))\n' "$N" >"$probe"; expect 'NUMERICS.md 7.3 is "The norms", not "The norm"' 1
  echo "# see (${S}16.2 (Interior rows (k > 7)))" >"$probe"; expect 'not "Interior rows (k > 7)"' 1
  echo "# see $N 3.1, 3.2 (Mixed derivative)" >"$probe"; expect 'NUMERICS.md 3.2 is "Mixed derivatives"' 1
  echo "# see [the images](docs/user-guide.md#imagez)" >"$probe"
  expect "docs/user-guide.md has no heading with the anchor #imagez" 1
  rm -f "$probe"
  sed -i 's/^### 7\.2 /### 7.2x /' "$tmp/NUMERICS.md"; expect "no section 7.2 " 1
  sed -i 's/^### 7\.2x /### 7.2 /' "$tmp/NUMERICS.md"
  # the layout table: a header it does not list, a row for a file that is gone
  echo '#pragma once' >"$tmp/probe_layout.hpp"; expect "the layout table does not list probe_layout.hpp" 1
  rm -f "$tmp/probe_layout.hpp"
  printf '%s\n' '| | `gone/nowhere.hpp` | nothing |' >>"$tmp/DESIGN.md.row"
  sed -i '/^| | `sbp.hpp` |/r '"$tmp/DESIGN.md.row" "$tmp/DESIGN.md"; rm -f "$tmp/DESIGN.md.row"
  expect "lists gone/nowhere.hpp, which is not in the repository" 1
  return $rc
}

here=$(cd "$(dirname "$0")/.." && pwd)
list=0; selftest=0; root=$here
for a in "$@"; do
  case $a in
    --list) list=1 ;;
    --self-test) selftest=1 ;;
    -*) echo "usage: $0 [--list] [--self-test] [ROOT]"; exit 2 ;;
    *) root=$a ;;
  esac
done
if [ "$selftest" -eq 1 ]; then self_test "$root"; exit $?; fi
check "$root" "$list"
