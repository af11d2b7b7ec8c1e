/**
 * Builds dist/ (`tsc -p tsconfig.build.json`): npm runs this as `prepare` when the package is
 * installed from its folder (`npm install /path/to/clients/typescript`: a link to the folder) or
 * from git, and on `npm pack`; as `prepack` (with `--clean`, so no stale file is packed) before
 * a tarball is made. A tarball holds dist/ already and runs nothing.
 *
 * Installed from its folder, the package is a link whose own dependencies npm leaves alone: if
 * the folder has none yet (no `make ts-client`), they are installed here first, from the lock
 * file (`npm ci`, its own scripts off), so both the build and the package's imports
 * (`openapi-fetch`) find them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, "package.json"));

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** npm's settings of the install that runs this script, less those about that install's
 * project and what it leaves out (`--omit=dev` there must not omit the build's compiler). */
function npmEnv() {
  const drop = /^npm_(package_|lifecycle_|command$|config_(local_prefix|prefix|global|omit|include|production|only|save|workspace|install_links|dry_run|ignore_scripts))/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !drop.test(key)));
}

function npm(...args) {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli?.endsWith(".js") ? [process.execPath, [cli]] : ["npm", []];
  execFileSync(command, [...prefix, ...args], { cwd: root, env: npmEnv(), stdio: "inherit" });
}

if (!installed("typescript") || !installed("openapi-fetch")) {
  const lock = existsSync(join(root, "package-lock.json"));
  npm(lock ? "ci" : "install", "--include=dev", "--ignore-scripts", "--no-audit", "--no-fund");
}
if (process.argv.includes("--clean")) rmSync(join(root, "dist"), { recursive: true, force: true });
const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { cwd: root, stdio: "inherit" });
