"""A project of an integrator's, outside the repository, that installs the TypeScript SDK as npm
would for them: from the SDK's folder in a fresh checkout (no `node_modules/`, no `dist/`: the
package's `prepare` installs its tools and builds), or from the tarball `npm pack` makes of it.
It compiles TypeScript programs against the installed package (`tsc --strict`, the package's
declarations checked too) and runs them with Node."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SDK = REPO / "clients" / "typescript"
PROGRAMS = Path(__file__).resolve().parent / "ts_programs"
NPM_TIMEOUT_S = 600
TSCONFIG: dict[str, Any] = {
    "compilerOptions": {
        "target": "ES2022",
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "lib": ["ES2022", "DOM"],
        "types": ["node"],
        "strict": True,
        "noUncheckedIndexedAccess": True,
        "exactOptionalPropertyTypes": True,
        "skipLibCheck": False,
        "rootDir": "src",
        "outDir": "out",
    },
    "include": ["src/**/*.ts"],
}


DOC = REPO / "docs" / "sdks.md"
DOC_TARBALL = "/path/to/boardstate-client-0.1.0.tgz"


class MinimalProject:
    """docs/sdks.md's "A minimal project": its `package.json` and `tsconfig.json`, its
    `src/main.ts` and its shell commands (comments dropped), in the page's order."""

    def __init__(self) -> None:
        text = DOC.read_text(encoding="utf-8")
        start = text.index("### A minimal project")
        section = text[start : text.index("\n#", start + 1)]
        fenced = re.findall(r"^```(\w+)\n(.*?)^```$", section, flags=re.MULTILINE | re.DOTALL)
        assert [language for language, _ in fenced] == ["json", "json", "ts", "sh"], fenced
        self.package: dict[str, Any] = json.loads(fenced[0][1])
        self.tsconfig: dict[str, Any] = json.loads(fenced[1][1])
        self.main = fenced[2][1]
        lines = (line.split("#", 1)[0].strip() for line in fenced[3][1].splitlines())
        self.commands = [shlex.split(line) for line in lines if line]


def run(command: list[str], cwd: Path, timeout: float = NPM_TIMEOUT_S) -> str:
    """Runs a command; fails with its output when it fails. Returns its stdout."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command}: {done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def fresh_checkout(into: Path) -> Path:
    """The SDK's folder as a fresh checkout has it (tracked and new files, nothing ignored):
    no `node_modules/`, no `dist/`. Returns the copy's path."""
    listed = run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "clients/typescript"],
        REPO,
    )
    for name in listed.splitlines():
        source = REPO / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into / "clients" / "typescript"


def pack(folder: Path, into: Path) -> Path:
    """`npm pack` of the SDK's folder (its `prepack` builds `dist/`); returns the tarball."""
    out = run(["npm", "pack", "--pack-destination", str(into), "--silent"], folder)
    return into / out.strip().splitlines()[-1]


def locked_version(name: str) -> str:
    """The version of a tool in the SDK's lock file (the consumer compiles with the same)."""
    lock = json.loads((SDK / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"][f"node_modules/{name}"]["version"])


class Consumer:
    """An integrator's project in a temporary folder with the SDK installed from `spec`."""

    def __init__(self, spec: str, project: MinimalProject | None = None) -> None:
        """`project`: set up as docs/sdks.md's minimal project (its files, its `npm install`
        with `spec` for the tarball); else with `TSCONFIG` and the SDK's locked tools."""
        self.spec = spec
        self.project = project
        self.root = Path(tempfile.mkdtemp(prefix="bs-ts-consumer-"))
        assert not self.root.is_relative_to(REPO)
        tsconfig = TSCONFIG if project is None else project.tsconfig
        self.out = str(tsconfig["compilerOptions"]["outDir"])

    def install(self) -> Consumer:
        if self.project is not None:
            self.write("package.json", json.dumps(self.project.package))
            self.write("tsconfig.json", json.dumps(self.project.tsconfig))
            for command in self.project.commands:
                if command[:2] == ["npm", "install"]:
                    run([self.spec if a == DOC_TARBALL else a for a in command], self.root)
            return self
        self.write(
            "package.json", json.dumps({"name": "consumer", "private": True, "type": "module"})
        )
        tools = [f"typescript@{locked_version('typescript')}"]
        tools.append(f"@types/node@{locked_version('@types/node')}")
        run(["npm", "install", "--no-audit", "--no-fund", self.spec, *tools], self.root)
        self.write("tsconfig.json", json.dumps(TSCONFIG))
        return self

    def write(self, name: str, text: str) -> None:
        (self.root / name).write_text(text, encoding="utf-8")

    @property
    def installed(self) -> Path:
        """The installed package's folder (a link when installed from a folder)."""
        return self.root / "node_modules" / "@boardstate" / "client"

    def add(self, name: str, source: str) -> None:
        """Adds `src/<name>` to the project."""
        (self.root / "src").mkdir(exist_ok=True)
        (self.root / "src" / name).write_text(source, encoding="utf-8")

    def compile(self, *extra: str) -> subprocess.CompletedProcess[str]:
        tsc = self.root / "node_modules" / ".bin" / "tsc"
        return subprocess.run(
            [str(tsc), "-p", ".", *extra],
            cwd=self.root,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    def build(self) -> None:
        """Compiles every program of tests/clients/ts_programs into the project."""
        for program in PROGRAMS.glob("*.ts"):
            self.add(program.name, program.read_text(encoding="utf-8"))
        done = self.compile()
        assert done.returncode == 0, done.stdout + done.stderr

    def script(self, name: str) -> Path:
        """The compiled `src/<name>.ts`."""
        return self.root / self.out / f"{name}.js"

    def node(
        self, name: str, *args: str, timeout: float = 280, flags: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """Runs a compiled program (`flags`: node's own options); returns the JSON object of its
        last line of output."""
        done = subprocess.run(
            ["node", *flags, str(self.script(name)), *args],
            cwd=self.root,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        return result

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def ts_blocks(markdown: Path) -> list[str]:
    """The fenced ```ts blocks of a Markdown file, in order."""
    text = markdown.read_text(encoding="utf-8")
    return re.findall(r"^```ts\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
