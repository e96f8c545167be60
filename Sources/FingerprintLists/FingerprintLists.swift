// Fingerprint lists: model, codec, signer, verifier, linter, certificate store.
