// For each statement shape: run it as the app does (named, prepared) over many values, then
// report generic/custom plan counts and the mean time per execution.
import pg from 'pg';
import { hotelPageQuery } from '../src/modules/hotels/search-planner.ts';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const cities = (await client.query(`select l.city, count(*)::int n from hotels h join locations l on l.id=h.location_id group by 1 order by 2`)).rows as { city: string; n: number }[];
const small = cities.filter((c) => c.n <= 1000).map((c) => c.city);
const large = cities.filter((c) => c.n > 1000).map((c) => c.city);
const words = ['hotel', 'hostel', 'inn', 'suites', 'palace', 'cluster', 'rio', 'san', 'norte', 'lodge', 'plaza', 'grand'];
const shapes: [string, (i: number) => [any, any, boolean]][] = [
  ['beside small city', (i) => [{ city: small[i % small.length], page: 1 + (i % 3), pageSize: 12, sort: 'name_asc' }, 'city', true]],
  ['page large city', (i) => [{ city: large[i % large.length], page: 1 + (i % 3), pageSize: 12, sort: 'score_desc' }, 'city', false]],
  ['walk by word', (i) => [{ name: words[i % words.length], page: 1 + (i % 3), pageSize: 12, sort: 'name_asc' }, 'walk', false]],
  ['walk all', (i) => [{ page: 1 + (i % 5), pageSize: 12, sort: 'rating_desc' }, 'walk', false]],
];
for (const [label, make] of shapes) {
  const times: number[] = [];
  let name = '';
  for (let i = 0; i < 60; i++) {
    const [s, plan, withTotal] = make(i);
    const q = hotelPageQuery(s, plan, withTotal, undefined, new Date());
    name = q.name as string;
    const t0 = performance.now();
    await client.query({ name: q.name, text: q.text, values: q.values });
    if (i >= 10) times.push(performance.now() - t0);
  }
  const st = (await client.query(`select generic_plans, custom_plans from pg_prepared_statements where name = $1`, [name])).rows[0];
  times.sort((a, b) => a - b);
  console.log(`${label}: generic ${st.generic_plans}, custom ${st.custom_plans}, median ${times[Math.floor(times.length / 2)].toFixed(2)} ms, p90 ${times[Math.floor(times.length * 0.9)].toFixed(2)} ms`);
}
await client.end();
