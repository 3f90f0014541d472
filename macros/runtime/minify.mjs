// The Codex's scripts as shipped: esbuild's minifier (pinned in package.json), one file at a time.
// Reads {"name": "source", ...} as JSON on standard input, writes {"name": "minified", ...}.
// No bundling and no output format: each file keeps its imports and exports, a classic script
// (sw.js) keeps its globals, and no source map is written (none reaches the deploy).
import { transformSync } from "esbuild";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const sources = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const out = {};
for (const [name, source] of Object.entries(sources)) {
  try {
    out[name] = transformSync(source, {
      loader: "js", minify: true, charset: "utf8", legalComments: "none", sourcefile: name, logLevel: "silent",
    }).code;
  } catch (error) {
    const first = (error.errors || [])[0];
    const where = first && first.location ? `${name}:${first.location.line}` : name;
    process.stderr.write(`${where}: ${first ? first.text : error.message}\n`);
    process.exit(1);
  }
}
process.stdout.write(JSON.stringify(out));
