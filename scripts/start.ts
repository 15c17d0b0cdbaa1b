// `npm start`: serve site and API on the demo data. What a first start makes is made at once:
// the web app builds (when its build is missing or stale) in child processes while PostgreSQL
// starts, the migrations run and the demo pictures are drawn; the demo catalogue goes into an
// empty database once it is migrated.
import { startLog } from '../apps/api/src/lib/start-steps.ts';
import { buildWeb, webBuildIsStale } from './web-build.ts';

const started = performance.now();
const webBuilt =
  process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()
    ? buildWeb().then(() => startLog(process.env.LOG_LEVEL)('web app built', started))
    : undefined;
// Awaited by the server before it builds the app; a failure before then is reported there.
webBuilt?.catch(() => {});
const [{ startServer }, { prepareDemoData }] = await Promise.all([
  import('../apps/api/src/server.ts'),
  import('../packages/demo-data/src/prepare.ts'),
]);
await startServer({ prepare: prepareDemoData, beforeApp: webBuilt });
