// The C++ benchmarks' figures as one report (scripts/bench.sh --json file): every program's
// Google Benchmark JSON, with the machine, the date and the command, as the JS benchmarks write.
//   node scripts/bench/native-report.mjs <file> <command> <program.json>...

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { writeReport } from './report.js';

const [file, command, ...inputs] = process.argv.slice(2);
const programs = Object.fromEntries(inputs.map((f) => [basename(f, '.json'), JSON.parse(readFileSync(f, 'utf8'))]));
writeReport(file, 'native', { programs }, command.trim());
