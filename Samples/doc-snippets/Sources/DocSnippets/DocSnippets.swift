// The snippets themselves are generated from the DocC articles into Generated/ by
// scripts/doc-snippets.sh; this file keeps the target non-empty before that.
