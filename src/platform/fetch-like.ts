/** The `fetch` the server and the emulator are given (injected, so tests and the benchmark can swap it). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
