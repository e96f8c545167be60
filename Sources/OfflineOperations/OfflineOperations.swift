// The offline operation and PAC formats: see OfflineOperation.swift and PACToken.swift.
