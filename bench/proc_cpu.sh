#!/usr/bin/env bash
# CPU seconds (user + system) the given processes have used so far, summed, from /proc/PID/stat; a
# process that is gone counts 0. For load_gen --cpu-probe NAME="bench/proc_cpu.sh PID...".
hz="$(getconf CLK_TCK)"
for pid in "$@"; do
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat" 2>/dev/null || echo 0
done | awk -v hz="$hz" '{ s += $1 } END { printf "%.2f\n", s / hz }'
