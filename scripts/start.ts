// `npm start`: build the web app if its build is missing or stale, then serve site and API,
// seeding the demo data into an empty database first.
import { startLog } from '../apps/api/src/lib/start-steps.ts';
import { buildWebIfStale } from './web-build.ts';

if (process.env.SKIP_WEB_BUILD !== '1') {
  const started = performance.now();
  if (buildWebIfStale()) startLog(process.env.LOG_LEVEL)('web app built', started);
}
const [{ startServer }, { prepareDemoData }] = await Promise.all([
  import('../apps/api/src/server.ts'),
  import('../packages/demo-data/src/prepare.ts'),
]);
await startServer({ prepare: prepareDemoData });
