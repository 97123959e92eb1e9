#!/usr/bin/env bash
# Start a single-node SLURM cluster on localhost for the `slurm`-marked tests.
#
# Installs Debian's slurm-wlm and munge (if missing), writes slurm.conf / gres.conf (one node
# "localhost", all its CPUs, one fake GPU with File=/dev/null so gres gpu:1 jobs schedule,
# cons_tres, proctrack/linuxproc, no accounting daemon), creates the munge key and starts
# munged, slurmctld and slurmd by hand (no systemd). Idempotent: daemons already running are
# kept; every step is bounded by a timeout. Needs root (or passwordless sudo).
# Stop the cluster again with: .ci/slurm-setup.sh --stop
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo -n"
fi
CONF_DIR=/etc/slurm
RUN_DIR=/run/codedebate-slurm
LOG_DIR=/var/log/slurm
NODE=localhost

log() { echo "slurm-setup: $*" >&2; }

pid_alive() {  # pidfile -> 0 when its process runs
  [ -s "$1" ] && $SUDO kill -0 "$(cat "$1")" 2>/dev/null
}

stop_all() {
  for name in slurmd slurmctld munged; do
    pidfile="$RUN_DIR/$name.pid"
    [ "$name" = munged ] && pidfile=/run/munge/munged.pid
    if pid_alive "$pidfile"; then
      log "stopping $name (pid $(cat "$pidfile"))"
      $SUDO kill "$(cat "$pidfile")" || true
    fi
  done
}

if [ "${1:-}" = "--stop" ]; then
  stop_all
  exit 0
fi

# ---------------------------------------------------------------- packages
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  log "installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  timeout 300 $SUDO apt-get update -qq
  timeout 900 $SUDO apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

# ---------------------------------------------------------------- munge
$SUDO mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
if [ ! -s /etc/munge/munge.key ]; then
  log "creating the munge key"
  $SUDO dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
$SUDO chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
$SUDO chmod 0700 /etc/munge /var/lib/munge /var/log/munge
$SUDO chmod 0755 /run/munge
$SUDO chmod 0400 /etc/munge/munge.key
if ! pid_alive /run/munge/munged.pid; then
  log "starting munged"
  timeout 30 $SUDO runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
fi
timeout 30 bash -c 'until munge -n </dev/null | unmunge >/dev/null 2>&1; do sleep 0.5; done' \
  || { log "munge does not answer"; exit 1; }

# ---------------------------------------------------------------- configuration
CPUS=$(nproc)
MEM_MB=$(awk '/MemTotal/ {printf "%d", $2 / 1024 * 0.8}' /proc/meminfo)
SLURM_USER=$(id -un)
$SUDO mkdir -p "$CONF_DIR" "$RUN_DIR" "$LOG_DIR" /var/spool/slurmctld /var/spool/slurmd
CONF=$(cat <<EOF
# written by codedebate .ci/slurm-setup.sh: one node, no accounting, fake GPU
ClusterName=codedebate
SlurmctldHost=$NODE
SlurmUser=$SLURM_USER
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
SlurmdParameters=config_overrides
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=$RUN_DIR/slurmctld.pid
SlurmdPidFile=$RUN_DIR/slurmd.pid
SlurmctldLogFile=$LOG_DIR/slurmctld.log
SlurmdLogFile=$LOG_DIR/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
# the workflow reads job states with squeue; keep finished jobs visible for 5 minutes
MinJobAge=300
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
GresTypes=gpu
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB Gres=gpu:1 State=UNKNOWN
PartitionName=debug Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
)
GRES="NodeName=$NODE Name=gpu File=/dev/null"
changed=0
if [ "$(cat "$CONF_DIR/slurm.conf" 2>/dev/null)" != "$CONF" ]; then
  echo "$CONF" | $SUDO tee "$CONF_DIR/slurm.conf" >/dev/null
  changed=1
fi
if [ "$(cat "$CONF_DIR/gres.conf" 2>/dev/null)" != "$GRES" ]; then
  echo "$GRES" | $SUDO tee "$CONF_DIR/gres.conf" >/dev/null
  changed=1
fi
if [ "$changed" = 1 ]; then
  log "configuration written ($CPUS CPUs, $MEM_MB MB, gres gpu:1)"
  stop_all_slurm=1
else
  stop_all_slurm=0
fi

# ---------------------------------------------------------------- daemons
if [ "$stop_all_slurm" = 1 ]; then  # restart daemons so they read the new configuration
  for name in slurmd slurmctld; do
    if pid_alive "$RUN_DIR/$name.pid"; then $SUDO kill "$(cat "$RUN_DIR/$name.pid")" || true; sleep 1; fi
  done
fi
if ! pid_alive "$RUN_DIR/slurmctld.pid"; then
  log "starting slurmctld"
  timeout 30 $SUDO slurmctld
fi
timeout 60 bash -c 'until scontrol ping 2>/dev/null | grep -q UP; do sleep 0.5; done' \
  || { log "slurmctld does not answer; see $LOG_DIR/slurmctld.log"; $SUDO tail -20 "$LOG_DIR/slurmctld.log" >&2 || true; exit 1; }
if ! pid_alive "$RUN_DIR/slurmd.pid"; then
  log "starting slurmd"
  timeout 30 $SUDO slurmd -N "$NODE"
fi

# ---------------------------------------------------------------- wait until the node is idle
for _ in $(seq 1 60); do
  state=$(sinfo -h -n "$NODE" -o %t 2>/dev/null | head -1 || true)
  case "$state" in
    idle|mix|alloc) log "node $NODE is $state"; sinfo >&2; exit 0 ;;
    down*|drain*|unk*|"") [ -n "$state" ] && $SUDO scontrol update nodename="$NODE" state=resume 2>/dev/null || true ;;
  esac
  sleep 1
done
log "node $NODE did not become idle (state: ${state:-none}); see $LOG_DIR/slurmd.log"
$SUDO tail -20 "$LOG_DIR/slurmd.log" >&2 || true
exit 1
