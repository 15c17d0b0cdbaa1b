// `npm start`: build the web app if its build is missing or stale, then serve site and API.
import { buildWebIfStale } from './web-build.ts';

if (process.env.SKIP_WEB_BUILD !== '1') buildWebIfStale();
const { startServer } = await import('../apps/api/src/server.ts');
await startServer();
