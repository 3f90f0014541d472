"""Built answers: every question the build answers ahead of time (calc/built/questions.py), its full
answer rendered by the worker's own renderer (codex_view) and stored gzipped at
`q/<calculator>/<slug>/answer.json.gz`, where a linked page fetches it instead of the runtime."""
