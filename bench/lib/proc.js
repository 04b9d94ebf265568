'use strict';
// What the kernel knows of a server process: CPU time (utime + stime) and memory.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time the process has used so far, in microseconds (all threads). */
function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces, closed by the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1e6) / CLOCK_TICKS;
}

/** Resident memory now and at its peak, in MiB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakRssMiB: kib('VmHWM') / 1024 };
}

module.exports = { cpuMicros, memory, CLOCK_TICKS };
