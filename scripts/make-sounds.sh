#!/usr/bin/env bash
# Regenerates the console's sounds in public/sounds/ (committed; run this only to change them).
# Needs espeak-ng and sox with Ogg Vorbis support (Debian: apt-get install espeak-ng sox libsox-fmt-all).
# Speech is spoken by espeak-ng (Turkish for the default files, English for the -en variants), the siren is a
# sox tone. Everything is mono 16 kHz Ogg Vorbis at low quality: a few kB per file.
set -euo pipefail
cd "$(dirname "$0")/../public/sounds"

speak() { # <file> <voice> <text>
  local wav
  local raw wav
  raw="$(mktemp --suffix=.wav)"
  wav="$(mktemp --suffix=.wav)"
  espeak-ng -v "$2" -s 150 -a 100 -w "$raw" "$3"
  sox "$raw" -r 16000 -c 1 "$wav"
  # A short chime before the words, so the sound is noticed before it is understood.
  sox -n -r 16000 -c 1 "${wav%.wav}-chime.wav" synth 0.12 sine 880 fade 0 0.12 0.05 vol 0.5
  sox "${wav%.wav}-chime.wav" "$wav" -r 16000 -c 1 -C 0 "$1" norm -3 silence 1 0.01 0.5% reverse silence 1 0.01 0.5% reverse
  rm -f "$raw" "$wav" "${wav%.wav}-chime.wav"
}

speak arm.ogg tr 'Sistem kuruldu'
speak arm-en.ogg en-us 'System armed'
speak disarm.ogg tr 'Sistem devre dışı'
speak disarm-en.ogg en-us 'System disarmed'
speak stayarm.ogg tr 'Evde kuruldu'
# Two-tone siren, 1.2 s, alternating 960/770 Hz.
tones=()
for tone in 960 770 960 770; do
  tones+=("$(mktemp --suffix=.wav)")
  sox -n -r 16000 -c 1 "${tones[-1]}" synth 0.3 sine "$tone" vol 0.6
done
sox "${tones[@]}" -C 0 siren.ogg fade 0 1.2 0.1
rm -f "${tones[@]}"
ls -l ./*.ogg
