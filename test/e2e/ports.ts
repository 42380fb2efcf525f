/** Ports of the browser suite's server (studio proxy and emulator); away from the defaults 8787/8788. */
export const STUDIO_PORT = 8797;
export const EMULATOR_PORT = 8798;
