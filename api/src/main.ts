// `npm start` / `npm run dev -w @fordran/api`: the whole app in one process.
import { serverOptionsFromEnv, startServer } from './server';

try {
  const server = await startServer(serverOptionsFromEnv(process.env));
  console.log(`Fordran kör på ${server.url}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Fordran stängs (${signal})…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`Fordran kunde inte starta: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
