import { startServers } from "./servers";

/**
 * The servers of the proxy benchmark, run in a child process (as `npm start` runs them: emulator
 * and proxy in one Node process), so the load generator does not share their event loop.
 * Talks to the parent over IPC: sends the addresses, answers "token" with the demo user's access token.
 */
async function main(): Promise<void> {
  const servers = await startServers("bench/no-dist-here", process.env.BENCH_STORE_DIR);
  process.on("message", (msg) => {
    if (msg === "token") {
      const live = servers.emulator.state.tokens.filter((t) => !t.revoked && !t.replacedAt);
      process.send?.({ type: "token", accessToken: live[live.length - 1]?.accessToken ?? null });
    } else if (msg === "rss") {
      process.send?.({
        type: "rss",
        rssBytes: process.memoryUsage().rss,
        heapUsedBytes: process.memoryUsage().heapUsed,
      });
    } else if (msg === "cpu") {
      // CPU time of the servers' process (user + system, microseconds): what the work costs, apart
      // from the time spent waiting for a core on a loaded machine.
      const u = process.cpuUsage();
      process.send?.({ type: "cpu", micros: u.user + u.system });
    } else if (msg === "exit") {
      servers.close().then(() => process.exit(0));
    }
  });
  process.send?.({
    type: "ready",
    proxyUrl: servers.proxyUrl,
    emulatorUrl: servers.emulatorUrl,
    apiKey: servers.config.app.apiKey,
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
