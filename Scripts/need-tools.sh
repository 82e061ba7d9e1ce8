#!/bin/sh
# Installs the Debian packages the picture targets need (make screenshots, make bench-plots) when
# they are missing; CI never runs this (it does not regenerate images).
# Usage: need-tools.sh CHECK=PACKAGE ...  where CHECK is a command (tmux), a Python module of
# Debian's python3 (py:PIL) or a file (/usr/share/fonts/...).
missing=""
for item in "$@"; do
    check=${item%%=*}; package=${item#*=}
    case $check in
        py:*) /usr/bin/python3 -c "import ${check#py:}" 2>/dev/null && continue ;;
        /*) [ -e "$check" ] && continue ;;
        *) [ -x "/usr/bin/$check" ] && continue ;;
    esac
    case " $missing " in *" $package "*) ;; *) missing="$missing $package" ;; esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing packages:$missing; install them with 'sudo apt-get install$missing'" >&2
    exit 1
fi
echo "installing:$missing"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null || {
    apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >/dev/null
} || { echo "error: apt-get could not install$missing" >&2; exit 1; }
