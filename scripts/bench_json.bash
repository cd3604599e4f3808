# Sourced by the bash benchmark scripts (from the repository's root) to write their results as
# JSON to target/bench/NAME.json through scripts/bench_json.py (which says what the file holds):
#
#   bench_json_start NAME VARS "$@"   first thing: the load average now, the command line (the
#                                     script, its arguments and those of the variables VARS,
#                                     comma-separated, that are set)
#   bench_row ID WHAT OURS THEIRS UNIT RATIO [TARGET [MET [NOTE]]]    one result
#   bench_note TEXT                   a line of context
#   bench_json_write                  at the end: writes the JSON
#   bench_not_run REASON              instead, when the benchmark cannot run
# Rows may also be appended to "$bench_rows" directly (tab-separated, in that order).

bench_json_start() {
    bench_name=$1
    bench_vars=$2
    shift 2
    read -r bench_l1 bench_l5 bench_l15 _ < /proc/loadavg
    bench_load="$bench_l1 $bench_l5 $bench_l15"
    bench_command=("scripts/$(basename "$0")" "$@")
    mkdir -p target/bench
    bench_rows=target/bench/.$bench_name.rows
    : > "$bench_rows"
    bench_notes=()
}

bench_row() {
    local IFS=$'\t'
    printf '%s\n' "$*" >> "$bench_rows"
}

bench_note() {
    bench_notes+=(--note "$1")
}

bench_json_write() {
    python3 scripts/bench_json.py "$bench_name" --load "$bench_load" --env "$bench_vars" \
        --rows "$bench_rows" "${bench_notes[@]}" -- "${bench_command[@]}"
    rm -f "$bench_rows"
}

bench_not_run() {
    python3 scripts/bench_json.py "$bench_name" --load "$bench_load" --env "$bench_vars" \
        --not-run "$1" -- "${bench_command[@]}" || true
    rm -f "$bench_rows"
}
