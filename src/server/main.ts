import { runStudioUntilStopped } from "./start-studio";

// `npm start` and `addon-studio studio` share startStudio; this entry only hands it the environment.
process.exitCode = await runStudioUntilStopped({ env: process.env });
