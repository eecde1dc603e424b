#!/usr/bin/env bash
# A real PostgreSQL 15 with pgvector, installed and started by the project itself (for
# `make postgres` and for the tests). Nothing is downloaded except from apt, during `install`.
#
#   scripts/postgres.sh install          PostgreSQL 15 + pgvector >= 0.8 (root; quick when done)
#   scripts/postgres.sh start DIR [PORT] a throwaway cluster in DIR on 127.0.0.1; prints its URL last
#   scripts/postgres.sh stop DIR         stop that cluster (idempotent)
#   scripts/postgres.sh url DIR          print the URL of the running cluster in DIR
#
# Debian 12 packages no pgvector, so `install` builds it from Debian's source package of the next
# release (trixie: pgvector 0.8.x) against postgresql-server-dev-15, with a private apt source
# list under /tmp so the machine's own apt sources are left as they are.
#
# Measured on 2026-12-01 on a 2-core machine of this project's kind (Debian 12): `install` cold
# 20 s (apt-get update, then postgresql-server-dev-15, which pulls clang-14 and upgrades
# postgresql-15 to the latest 15.x, ~14 s; the pgvector 0.8.0 fetch and build ~5 s); `install`
# when done 0.003 s; `start` of a new cluster (initdb, start, create database + extension) 0.7 s;
# `start` on a running DIR 0.01 s; `stop` 0.13 s.
#
# Progress goes to stderr, one line per step; stdout carries only the URL, so
# `url=$(scripts/postgres.sh start DIR)` works. As root, the cluster runs as the `postgres` OS user
# and DIR is handed to it, so every folder above DIR must be searchable by that user (pytest's
# tmp_path, under a 0700 /tmp/pytest-of-root, is not: use a folder made with mkdtemp under /tmp).
set -euo pipefail

PG_MAJOR=15
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
PG_SHARE=/usr/share/postgresql/$PG_MAJOR
PG_LIB=/usr/lib/postgresql/$PG_MAJOR/lib
PG_USER=postgres
DB_NAME=citadel
PGVECTOR_MIN=0.8
INSTALL_LOCK=/tmp/citadel-postgres-install.lock

say() { printf 'postgres.sh: %s\n' "$*" >&2; }
die() {
    printf 'postgres.sh: error: %s\n' "$*" >&2
    exit 1
}

usage() {
    cat >&2 <<'EOF'
usage: scripts/postgres.sh install
       scripts/postgres.sh start DIR [PORT]
       scripts/postgres.sh stop DIR
       scripts/postgres.sh url DIR
EOF
    exit 2
}

# ---------------------------------------------------------------------------------------------
# install

server_installed() { [[ -x $PG_BIN/postgres && -x $PG_BIN/initdb && -x $PG_BIN/pg_ctl && -x $PG_BIN/psql ]]; }
pgvector_installed() { [[ -f $PG_SHARE/extension/vector.control && -f $PG_LIB/vector.so ]]; }

need_root() {
    [[ $EUID -eq 0 ]] || die "$1 is missing and installing it needs root: run 'sudo $0 install' once"
    command -v apt-get >/dev/null || die "$1 is missing and this is not a Debian/apt machine"
}

APT_UPDATED=0
BUILD_LOG=/tmp/citadel-postgres-install.log
# The chatter of apt and make goes to $BUILD_LOG, shown only when a step fails.
logged() {
    if ! "$@" >>"$BUILD_LOG" 2>&1; then
        tail -n 30 "$BUILD_LOG" >&2
        die "'$*' failed (log above, in $BUILD_LOG)"
    fi
}

apt_install() {
    if [[ $APT_UPDATED -eq 0 ]]; then
        say "apt-get update"
        logged apt-get update -q
        APT_UPDATED=1
    fi
    say "apt-get install $*"
    logged env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

# The archive address of the machine's own (non-security) Debian apt source.
debian_mirror() {
    if [[ -n ${CITADEL_DEBIAN_MIRROR:-} ]]; then
        printf '%s\n' "$CITADEL_DEBIAN_MIRROR"
        return
    fi
    local uri
    uri=$(
        {
            grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{for (i = 2; i <= NF; i++) print $i}'
            grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
                sed -E 's/^deb +(\[[^]]*\] +)?//' | awk '{print $1}'
        } | grep -v security | head -n 1
    ) || true
    printf '%s\n' "${uri:-http://deb.debian.org/debian}"
}

# Debian's next release after this machine's, whose pgvector source package is >= 0.8.
next_suite() {
    if [[ -n ${CITADEL_PGVECTOR_SUITE:-} ]]; then
        printf '%s\n' "$CITADEL_PGVECTOR_SUITE"
        return
    fi
    local codename
    # shellcheck source=/dev/null
    codename=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")
    case $codename in
        bookworm) printf 'trixie\n' ;;
        *) die "no known source of pgvector for Debian '$codename'; set CITADEL_PGVECTOR_SUITE" ;;
    esac
}

version_at_least() { # version_at_least HAVE WANT: true when HAVE >= WANT (dotted numbers)
    [[ $(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1) == "$2" ]]
}

build_pgvector() {
    # postgresql-client-15 already ships pgxs.mk; the server headers come only with -server-dev.
    local tools=() tool
    [[ -f /usr/include/postgresql/$PG_MAJOR/server/postgres.h ]] || tools+=("postgresql-server-dev-$PG_MAJOR")
    for tool in dpkg-source:dpkg-dev make:make gcc:gcc; do
        command -v "${tool%%:*}" >/dev/null || tools+=("${tool#*:}")
    done
    [[ ${#tools[@]} -eq 0 ]] || apt_install "${tools[@]}"
    local work suite mirror src version
    work=$(mktemp -d /tmp/citadel-pgvector.XXXXXX)
    # shellcheck disable=SC2064  # expand $work now: it is local
    trap "rm -rf '$work'" EXIT
    suite=$(next_suite)
    mirror=$(debian_mirror)
    mkdir -p "$work/sources" "$work/lists/partial" "$work/src"
    cat >"$work/sources/pgvector.sources" <<EOF
Types: deb-src
URIs: $mirror
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    local apt_private=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/sources"
        -o "Dir::State::Lists=$work/lists" -o APT::Sandbox::User=root)
    say "apt-get update (private deb-src list: $mirror $suite)"
    logged apt-get "${apt_private[@]}" update -q
    say "apt-get source pgvector ($suite)"
    (cd "$work/src" && logged apt-get "${apt_private[@]}" source -q pgvector)
    src=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)
    [[ -n $src ]] || die "apt-get source pgvector unpacked nothing in $work/src"
    version=${src##*/pgvector-}
    version_at_least "$version" "$PGVECTOR_MIN" ||
        die "Debian $suite has pgvector $version; at least $PGVECTOR_MIN is needed"
    # OPTFLAGS="": the default -march=native would tie the build to this machine's CPU.
    say "build pgvector $version (make OPTFLAGS=\"\")"
    logged make -C "$src" -j "$(nproc)" OPTFLAGS="" PG_CONFIG="$PG_BIN/pg_config"
    say "install pgvector $version into $PG_LIB"
    logged make -C "$src" install PG_CONFIG="$PG_BIN/pg_config"
    rm -rf "$work"
    trap - EXIT
}

cmd_install() {
    if server_installed && pgvector_installed; then
        say "PostgreSQL $PG_MAJOR and pgvector already installed"
        return
    fi
    server_installed || need_root "PostgreSQL $PG_MAJOR"
    pgvector_installed || need_root "pgvector for PostgreSQL $PG_MAJOR"
    # One installer at a time (make test and a user's make postgres may race); re-check inside.
    exec 9>"$INSTALL_LOCK"
    flock 9
    if server_installed; then
        say "PostgreSQL $PG_MAJOR server: present ($PG_BIN)"
    else
        apt_install "postgresql-$PG_MAJOR"
        server_installed || die "apt installed postgresql-$PG_MAJOR but $PG_BIN/postgres is missing"
    fi
    if pgvector_installed; then
        say "pgvector: present ($PG_SHARE/extension/vector.control)"
    else
        build_pgvector
        pgvector_installed || die "pgvector build finished but $PG_SHARE/extension/vector.control is missing"
    fi
    say "done: $("$PG_BIN/postgres" --version), pgvector $(sed -nE "s/^default_version *= *'(.*)'/\1/p" "$PG_SHARE/extension/vector.control")"
    exec 9>&-
}

# ---------------------------------------------------------------------------------------------
# clusters

# Run a server program as the cluster's owner (postgres refuses to run as root), from / so a
# current folder it cannot enter does not matter.
as_owner() {
    if [[ $EUID -eq 0 ]]; then
        (cd / && runuser -u "$PG_USER" -- "$@")
    else
        "$@"
    fi
}

cluster_dir() { # the absolute form of DIR, which must exist
    [[ -d $1 ]] || die "no such folder: $1"
    (cd "$1" && pwd)
}

running() { [[ -f $1/data/postmaster.pid ]] && as_owner "$PG_BIN/pg_ctl" -D "$1/data" status >/dev/null 2>&1; }

url_for() { printf 'postgresql://%s@127.0.0.1:%s/%s\n' "$PG_USER" "$1" "$DB_NAME"; }

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

psql_at() { # psql_at PORT DB SQL
    PGOPTIONS="-c client_min_messages=warning" "$PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U "$PG_USER" -d "$2" -c "$3"
}

init_cluster() {
    local dir=$1
    local entry
    for entry in "$dir"/* "$dir"/.[!.]*; do
        [[ -e $entry ]] || continue
        case ${entry##*/} in
            initdb.log | postgres.log | port | url) ;; # left by an earlier failed start
            *) die "$dir is not empty and holds no cluster; give an empty or new folder" ;;
        esac
    done
    if [[ $EUID -eq 0 ]]; then
        id -u "$PG_USER" >/dev/null 2>&1 || die "no '$PG_USER' OS user (it comes with postgresql-$PG_MAJOR)"
        chown "$PG_USER:" "$dir"
        chmod 0700 "$dir"
        as_owner test -w "$dir" ||
            die "the '$PG_USER' user cannot reach $dir: every folder above it must be searchable by that user"
    fi
    say "initdb $dir/data"
    as_owner "$PG_BIN/initdb" -D "$dir/data" -U "$PG_USER" --auth=trust -E UTF8 --locale=C --no-sync \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        die "initdb failed (log above, in $dir/initdb.log)"
    }
}

# Start the server on PORT; false (with the log kept) when it does not come up.
start_server() {
    local dir=$1 port=$2
    # Throwaway clusters: no fsync, listen on loopback only, the socket next to the data.
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 -s start \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        >&2
}

cmd_start() {
    [[ $# -ge 1 && $# -le 2 ]] || usage
    local dir given=${2:-} port=${2:-}
    [[ -z $port || $port =~ ^[0-9]+$ ]] || die "PORT must be a number, not '$port'"
    mkdir -p "$1"
    dir=$(cluster_dir "$1")
    [[ $dir =~ ^[A-Za-z0-9_./+-]+$ ]] || die "DIR must be a plain path (letters, digits, _ . / + -): $dir"
    cmd_install
    if running "$dir" && [[ -s $dir/url ]]; then
        say "already running in $dir"
        cat "$dir/url"
        return
    fi
    if [[ ! -f $dir/data/PG_VERSION ]]; then
        init_cluster "$dir"
    elif [[ -z $port && -s $dir/port ]]; then
        port=$(<"$dir/port") # restart a stopped cluster where it was
    fi
    if running "$dir"; then # up, but its start never finished: start it again
        as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -s stop >&2
    fi
    # A free port chosen here can be taken before the server binds it: then try another.
    local attempt
    for attempt in 1 2 3; do
        [[ -n $port ]] || port=$(free_port) || die "python3 is needed to pick a free port; give PORT"
        say "start server on 127.0.0.1:$port (log: $dir/postgres.log)"
        start_server "$dir" "$port" && break
        if [[ -n $given || $attempt -eq 3 ]]; then
            tail -n 20 "$dir/postgres.log" >&2 || true
            die "the server did not start on port $port (log above, in $dir/postgres.log)"
        fi
        say "could not start on port $port; trying another"
        port=""
    done
    printf '%s\n' "$port" >"$dir/port"
    if [[ -z $(psql_at "$port" postgres "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'") ]]; then
        say "create database $DB_NAME"
        psql_at "$port" postgres "CREATE DATABASE $DB_NAME" >&2
    fi
    say "create extension vector in $DB_NAME"
    psql_at "$port" "$DB_NAME" "CREATE EXTENSION IF NOT EXISTS vector" >&2
    url_for "$port" >"$dir/url"
    cat "$dir/url"
}

cmd_stop() {
    [[ $# -eq 1 ]] || usage
    local dir
    if [[ ! -d $1 ]]; then
        say "nothing to stop: no folder $1"
        return
    fi
    dir=$(cluster_dir "$1")
    if running "$dir"; then
        say "stop server in $dir"
        as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -s stop >&2
    else
        say "not running: $dir"
    fi
    rm -f "$dir/url"
}

cmd_url() {
    [[ $# -eq 1 ]] || usage
    local dir
    dir=$(cluster_dir "$1")
    if running "$dir" && [[ -s $dir/url ]]; then
        cat "$dir/url"
    else
        die "no cluster running in $dir; run: $0 start $1"
    fi
}

main() {
    [[ $# -ge 1 ]] || usage
    local cmd=$1
    shift
    case $cmd in
        install)
            [[ $# -eq 0 ]] || usage
            cmd_install
            ;;
        start) cmd_start "$@" ;;
        stop) cmd_stop "$@" ;;
        url) cmd_url "$@" ;;
        *) usage ;;
    esac
}

main "$@"
