#!/bin/sh
# Remakes the demo chapter audio (server/db/demo/audio/): chapter 1 of "La gata y la luna", read by espeak-ng's
# Spanish (Spain) voice, slowly, for a learner, then encoded as a small mono MP3 that every browser plays.
#
# Needs espeak-ng and ffmpeg (Debian: apt-get install -y espeak-ng ffmpeg). Run from the project's folder:
#   sh scripts/demo/make-audio.sh
# The output differs slightly between espeak-ng and LAME versions; it was made with espeak-ng 1.51 and
# ffmpeg 5.1 (libmp3lame) on Debian 12.
set -eu

text=server/db/demo/stories/es-la-gata-y-la-luna/1.txt
out=server/db/demo/audio/es-la-gata-y-la-luna-1.mp3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Dialogue dashes become pauses; espeak-ng would otherwise run the speaker's words into the narration.
sed 's/—/, /g' "$text" > "$work/text.txt"

# -s words per minute (a learner's pace), -g extra pause between words (10 ms units), +f3 a lighter voice.
espeak-ng -v es+f3 -s 125 -g 3 -f "$work/text.txt" -w "$work/speech.wav"

# 22.05 kHz mono at 32 kb/s: clear speech, 4 KB a second. No metadata beyond what LAME writes itself,
# so the file depends only on the text and the tools.
ffmpeg -hide_banner -loglevel error -y -i "$work/speech.wav" -ac 1 -ar 22050 \
  -codec:a libmp3lame -b:a 32k -map_metadata -1 -write_xing 1 -id3v2_version 0 "$out"

echo "$out: $(wc -c < "$out") bytes"
