#!/usr/bin/env bash
# A single-node Slurm on this machine, the test bed of the launcher tests (tests/tests/slurm.rs):
# writes /etc/slurm/slurm.conf for this host (its short name, real CPUs and memory, as
# `slurmd -C` finds them), creates the munge key, starts munged, slurmctld and slurmd in the
# background (no systemd needed) and waits until the node is idle. Idempotent: daemons that
# answer are left running; a slurm.conf this script did not write is never touched (a real
# cluster's configuration wins, and only `sinfo` is checked). Needs root and Debian's slurm-wlm
# and munge (scripts/setup.sh installs them). Exits non-zero, saying why, when Slurm cannot run.
set -euo pipefail

CONF=/etc/slurm/slurm.conf
MARK="# written by recorder-otf2 scripts/slurm-setup.sh"
LOGS=/var/log/slurm
SPOOL=/var/spool/recorder-otf2-slurm

die() { echo "slurm-setup: $*" >&2; exit 1; }

for p in slurmctld slurmd munged srun sinfo; do
  command -v "$p" >/dev/null || die "$p not found (scripts/setup.sh installs slurm-wlm and munge)"
done
[ "$(id -u)" -eq 0 ] || die "needs root (it starts munged, slurmctld and slurmd)"

node_idle() { sinfo -h -N -o '%T' 2>/dev/null | grep -qx -e idle -e mixed -e allocated; }

start_munge() {
  [ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
  chown munge:munge /etc/munge/munge.key
  chmod 0600 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  # munged refuses to run as root; it runs as the munge user, as its service would.
  munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 \
    || runuser -u munge -- /usr/sbin/munged
  for _ in $(seq 50); do
    munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  die "munged does not answer (see /var/log/munge/munged.log)"
}

# The node line from what slurmd itself finds on this machine (CPUs, sockets, memory).
write_conf() {
  local host node
  host=$(hostname -s)
  node=$(slurmd -C | head -1)
  [ -n "$node" ] || die "slurmd -C found no node description"
  mkdir -p /etc/slurm "$LOGS" "$SPOOL/ctld" "$SPOOL/d"
  cat >"$CONF.new" <<EOF
$MARK
ClusterName=recorder-otf2
# Addresses given: the host name need not resolve (a fresh machine may lack it in /etc/hosts).
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
# No cgroups: this may be a container without systemd; processes are tracked by their parents.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$SPOOL/ctld
SlurmdSpoolDir=$SPOOL/d
SlurmctldPidFile=/run/recorder-otf2-slurmctld.pid
SlurmdPidFile=/run/recorder-otf2-slurmd.pid
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.log
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
$node NodeAddr=127.0.0.1 State=UNKNOWN
# Jobs share the cores: tests allocate concurrently on a machine of two.
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:8
EOF
  if cmp -s "$CONF.new" "$CONF"; then
    rm -f "$CONF.new"
    return 1 # unchanged
  fi
  mv "$CONF.new" "$CONF"
}

# A daemon whose pid file names a live process of that name runs already.
running() { local pid; pid=$(cat "$2" 2>/dev/null) && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$1" ]; }

start_slurm() {
  local changed=$1
  if [ "$changed" = 1 ]; then
    # A new configuration: daemons of the old one stop (by their pid files) and start again.
    for d in slurmd slurmctld; do
      running "$d" "/run/recorder-otf2-$d.pid" && kill "$(cat "/run/recorder-otf2-$d.pid")" || true
    done
    sleep 1
  fi
  running slurmctld /run/recorder-otf2-slurmctld.pid || slurmctld -i
  running slurmd /run/recorder-otf2-slurmd.pid || slurmd
}

wait_idle() {
  for _ in $(seq 150); do
    node_idle && return 0
    sleep 0.2
  done
  sinfo -N -l >&2 || true
  tail -5 "$LOGS/slurmctld.log" "$LOGS/slurmd.log" >&2 2>/dev/null || true
  die "the node did not become idle in 30 s"
}

start_munge
if [ -f "$CONF" ] && ! grep -qxF "$MARK" "$CONF"; then
  node_idle || die "$CONF was not written by this script and sinfo shows no usable node"
  exit 0
fi
changed=0
write_conf && changed=1
start_slurm "$changed"
wait_idle
echo "slurm-setup: node $(hostname -s) idle ($(sinfo -h -N -o '%c CPUs, %m MB'))"
