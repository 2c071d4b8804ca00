import { startRegisterApiServer } from '../../tests/helpers/register-api-server.ts';

// The bench's register, a process of its own, as the register's API is in production: the sample
// register behind the API contract of docs/register-api.md, so that the site's memory under load
// is the site's own. `REGISTER_API_KEY=… node scripts/bench/register-server.ts`; prints its URL once it
// listens.

const server = await startRegisterApiServer(process.env.REGISTER_API_KEY);
console.log(`register listening on ${server.url}`);
