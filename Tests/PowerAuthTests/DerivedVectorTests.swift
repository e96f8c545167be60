import Foundation
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import Testing

@Suite("Derived PowerAuth vectors")
struct DerivedVectorTests {
    struct Activation: Decodable {
        let devicePrivateKey: String
        let devicePublicKey: String
        let serverPrivateKey: String
        let serverPublicKey: String
        let masterSecretKey: String
        let signaturePossessionKey: String
        let signatureKnowledgeKey: String
        let signatureBiometryKey: String
        let transportKey: String
        let vaultEncryptionKey: String
        let activationId: String
        let applicationKey: String
        let applicationSecret: String

        func keys() throws -> FactorKeys {
            let master = try KeyDerivation.masterSecret(
                privateKey: ServerSignedData.privateKey(base64: devicePrivateKey),
                publicKey: ServerSignedData.publicKey(base64: serverPublicKey))
            #expect(master.base64EncodedString() == masterSecretKey)
            let derived = try DerivedKeys(masterSecret: master)
            #expect(derived.possession.base64EncodedString() == signaturePossessionKey)
            #expect(derived.knowledge.base64EncodedString() == signatureKnowledgeKey)
            #expect(derived.biometry.base64EncodedString() == signatureBiometryKey)
            #expect(derived.transport.base64EncodedString() == transportKey)
            #expect(derived.vault.base64EncodedString() == vaultEncryptionKey)
            return derived.factorKeys
        }
    }

    // MARK: kdf-and-counters.json

    struct KDFFile: Decodable {
        struct KDF: Decodable {
            let keyB64: String
            let index: UInt64
            let indexBlockHex: String
            let derivedKeyB64: String
        }
        struct Internal: Decodable {
            let keyB64: String
            let indexB64: String
            let hmacFullHex: String
            let resultB64: String
        }
        struct Chain: Decodable {
            let valuesB64: [String]
            let sha256OfFirstHex: String
        }
        struct V2Block: Decodable {
            let counter: UInt64
            let ctrDataHex: String
        }
        let activation: Activation
        let kdf: [KDF]
        let kdfInternal: [Internal]
        let ctrDataChain: Chain
        let v2CounterBlocks: [V2Block]
    }

    @Test func kdfAndCounters() throws {
        let file = try Fixture.decode(KDFFile.self, "derived/kdf-and-counters.json")
        _ = try file.activation.keys()
        #expect(file.kdf.count == 7)
        for item in file.kdf {
            #expect(try KeyDerivation.indexBlock(item.index) == Fixture.hex(item.indexBlockHex))
            let derived = try KeyDerivation.derive(Fixture.base64(item.keyB64), index: item.index)
            #expect(derived.base64EncodedString() == item.derivedKeyB64, "index \(item.index)")
        }
        #expect(file.kdfInternal.count == 3)
        for item in file.kdfInternal {
            let key = try Fixture.base64(item.keyB64)
            let index = try Fixture.base64(item.indexB64)
            #expect(try HMACSHA256.authenticationCode(for: index, using: key) == Fixture.hex(item.hmacFullHex))
            #expect(KeyDerivation.deriveInternal(key, index: index).base64EncodedString() == item.resultB64)
        }
        let values = file.ctrDataChain.valuesB64
        #expect(values.count == 26)
        var counter = try SignatureCounter.hashBased(validating: Fixture.base64(values[0]))
        #expect(try SHA256Hash.hash(data: counter.counterData) == Fixture.hex(file.ctrDataChain.sha256OfFirstHex))
        for (step, expected) in values.enumerated().dropFirst() {
            counter = counter.advanced()
            #expect(counter.counterData.base64EncodedString() == expected, "step \(step)")
        }
        let start = try SignatureCounter.hashBased(validating: Fixture.base64(values[0]))
        #expect(start.advanced(by: 25).counterData.base64EncodedString() == values[25])
        for block in file.v2CounterBlocks {
            #expect(try SignatureCounter.numeric(block.counter).counterData == Fixture.hex(block.ctrDataHex))
        }
        #expect(SignatureCounter.numeric(254).advanced() == .numeric(255))
    }

    // MARK: signature-internals.json

    struct InternalsFile: Decodable {
        struct Component: Decodable {
            let index: Int
            let derivedKeyHex: String
            let hmacHex: String
            let last4Hex: String
            let last16Hex: String
            let decimal8: String
            let decimal4: String
        }
        struct Item: Decodable {
            let signatureType: String
            let keyOrder: [String]
            let components: [Component]
            let signatureDecimal8: String
            let signatureBase64: String
        }
        let activation: Activation
        let ctrDataB64: String
        let dataUtf8: String
        let items: [Item]
    }

    @Test func signatureInternals() throws {
        let file = try Fixture.decode(InternalsFile.self, "derived/signature-internals.json")
        let keys = try file.activation.keys()
        let counter = try SignatureCounter.hashBased(validating: Fixture.base64(file.ctrDataB64))
        let data = Data(file.dataUtf8.utf8)
        #expect(file.items.count == 6)
        for item in file.items {
            let type = try SignatureType(name: item.signatureType)
            #expect(type.factors.map(\.rawValue) == item.keyOrder)
            let components = PowerAuthSignature.components(
                keys: try keys.keys(for: type), counterData: counter.counterData, data: data)
            #expect(components.count == item.components.count)
            for (component, expected) in zip(components, item.components) {
                #expect(try component == Fixture.hex(expected.hmacHex), "\(type) #\(expected.index)")
                #expect(try component.suffix(4) == Fixture.hex(expected.last4Hex))
                #expect(try component.suffix(16) == Fixture.hex(expected.last16Hex))
                #expect(PowerAuthSignature.decimal(component: component, length: 8) == expected.decimal8)
                #expect(PowerAuthSignature.decimal(component: component, length: 4) == expected.decimal4)
                // The final per-component key: C[i] = HMAC(D, DATA).
                let derivedKey = try Fixture.hex(expected.derivedKeyHex)
                #expect(HMACSHA256.authenticationCode(for: data, using: derivedKey) == component)
            }
            #expect(PowerAuthSignature.render(components, format: .decimal(length: 8)) == item.signatureDecimal8)
            #expect(PowerAuthSignature.render(components, format: .base64) == item.signatureBase64)
            #expect(
                try PowerAuthSignature.compute(type: type, keys: keys, counter: counter, data: data, format: .base64)
                    == item.signatureBase64)
        }
    }

    // MARK: offline-approval-codes.json

    struct OfflineFile: Decodable {
        struct QR: Decodable {
            let operationId: String
            let operationData: String
            let nonceB64: String
        }
        struct Item: Decodable {
            let signatureType: String
            let componentLength: Int
            let totp: String?
            let ctrDataB64: String
            let method: String
            let uriId: String
            let nonceB64: String
            let bodyUtf8: String
            let verifyOfflineSignatureDataString: String
            let normalizedDataUtf8: String
            let signature: String
            let ctrDataAfterB64: String
            let serverAccepts: Bool
        }
        let activation: Activation
        let qr: QR
        let items: [Item]
    }

    @Test func offlineApprovalCodes() throws {
        let file = try Fixture.decode(OfflineFile.self, "derived/offline-approval-codes.json")
        let keys = try file.activation.keys()
        let serverKeys = try KeyDerivation.masterSecret(
            privateKey: ServerSignedData.privateKey(base64: file.activation.serverPrivateKey),
            publicKey: ServerSignedData.publicKey(base64: file.activation.devicePublicKey))
        #expect(try DerivedKeys(masterSecret: serverKeys).factorKeys == keys)
        #expect(file.items.count == 12)
        for item in file.items {
            let request = try OfflineApproval.request(
                operationId: file.qr.operationId, operationData: file.qr.operationData, totp: item.totp,
                nonce: item.nonceB64, uriId: item.uriId)
            #expect(request.method == item.method)
            #expect(String(decoding: request.body, as: UTF8.self) == item.bodyUtf8)
            #expect(request.requestData == item.verifyOfflineSignatureDataString || item.totp != nil)
            #expect(
                String(decoding: request.normalizedData(applicationSecret: "offline"), as: UTF8.self)
                    == item.normalizedDataUtf8)
            let type = try SignatureType(name: item.signatureType)
            let counter = try SignatureCounter.hashBased(validating: Fixture.base64(item.ctrDataB64))
            let signature = try PowerAuthSignature.compute(
                type: type, keys: keys, counter: counter,
                data: request.normalizedData(applicationSecret: SignedRequest.offlineSecret),
                format: .offline(length: item.componentLength))
            #expect(signature == item.signature, "\(type) \(item.componentLength) totp \(item.totp ?? "-")")
            #expect(counter.advanced().counterData.base64EncodedString() == item.ctrDataAfterB64)
            if let factor = OfflineApproval.Factor.allCases.first(where: { $0.signatureType == type }) {
                let code = try OfflineApproval.code(
                    request: request, factor: factor, keys: keys, counter: counter, digits: item.componentLength)
                #expect(code == item.signature)
            }

            // The server: the data string without the TOTP plus the TOTP as a proximity candidate.
            let verifier = try SignatureVerifier(lookAhead: 20)
            let state = ServerCounterState(counter: 0, ctrData: counter.counterData)
            var requestData = item.verifyOfflineSignatureDataString
            if let totp = item.totp {
                requestData = try Self.appendTOTP(totp, to: requestData)
                #expect(requestData == request.requestData)
            }
            let result = try verifier.verifyOffline(
                code: item.signature, requestData: requestData, allowBiometry: true,
                componentLength: item.componentLength, keys: keys, state: state)
            #expect(result.isValid == item.serverAccepts, "\(type) \(item.componentLength)")
            if item.serverAccepts {
                #expect(result.state.ctrData?.base64EncodedString() == item.ctrDataAfterB64)
                #expect(result.signatureType == type)
            }
        }
    }

    static func appendTOTP(_ totp: String, to requestData: String) throws -> String {
        let amp = try #require(requestData.lastIndex(of: "&"))
        var body = try Fixture.base64(String(requestData[requestData.index(after: amp)...]))
        body.append(contentsOf: Array("&\(totp)".utf8))
        return String(requestData[...amp]) + body.base64EncodedString()
    }

    @Test func offlineApprovalFromParsedOperation() throws {
        let file = try Fixture.decode(OfflineFile.self, "derived/offline-approval-codes.json")
        let keys = try file.activation.keys()
        let payloads = try Fixture.decode(PayloadsFile.self, "derived/server-signed-offline-payloads.json")
        for payload in payloads.items {
            let operation = try OfflineOperation(payload.offlineData)
            #expect(operation.flags.allowsBiometry)
            let counter = try SignatureCounter.hashBased(validating: Fixture.base64(file.items[0].ctrDataB64))
            for factor in OfflineApproval.Factor.allCases {
                let code = try operation.approvalCode(factor: factor, keys: keys, counter: counter)
                let type = factor.signatureType.rawValue
                let expected = file.items.first { (item: OfflineFile.Item) -> Bool in
                    item.signatureType == type && item.componentLength == 8 && item.totp == payload.totp
                }
                #expect(code == expected?.signature, "\(payload.caseName) \(factor)")
            }
        }
    }

    // MARK: server-offline-verification.json

    struct VerificationFile: Decodable {
        struct Scenario: Decodable {
            let serverCounter: UInt64
            let serverCtrDataB64: String
            let lookahead: Int
            let allowedTypesInOrder: [String]
            let clientStepsAhead: Int
            let clientCtrDataB64: String
            let clientSignatureType: String
            let dataString: String
            let signature: String
            let valid: Bool
            let matchedIteration: Int?
            let usedSignatureType: String?
            let newServerCounter: UInt64?
            let newServerCtrDataB64: String?
        }
        let activation: Activation
        let scenarios: [Scenario]
    }

    @Test func serverOfflineVerification() throws {
        let file = try Fixture.decode(VerificationFile.self, "derived/server-offline-verification.json")
        let keys = try file.activation.keys()
        #expect(file.scenarios.count == 5)
        for scenario in file.scenarios {
            let server = try SignatureCounter.hashBased(validating: Fixture.base64(scenario.serverCtrDataB64))
            #expect(
                server.advanced(by: scenario.clientStepsAhead).counterData.base64EncodedString()
                    == scenario.clientCtrDataB64)
            let verifier = try SignatureVerifier(lookAhead: scenario.lookahead)
            let state = ServerCounterState(counter: scenario.serverCounter, ctrData: server.counterData)
            let result = try verifier.verifyOffline(
                code: scenario.signature, requestData: scenario.dataString,
                allowBiometry: scenario.allowedTypesInOrder.contains("possession_biometry"), keys: keys, state: state)
            #expect(result.isValid == scenario.valid, "\(scenario.clientStepsAhead) ahead")
            if scenario.valid {
                #expect(result.matchedIteration == scenario.matchedIteration)
                #expect(result.signatureType.rawValue == scenario.usedSignatureType)
                #expect(result.state.counter == scenario.newServerCounter)
                #expect(result.state.ctrData?.base64EncodedString() == scenario.newServerCtrDataB64)
                #expect(result.state.failedAttempts == 0)
            } else {
                #expect(result.state.counter == scenario.serverCounter)
                #expect(result.state.ctrData == server.counterData)
                #expect(result.state.failedAttempts == 1)
            }
        }
    }

    // MARK: online-signatures.json and normalization.json

    struct OnlineFile: Decodable {
        struct Item: Decodable {
            let method: String
            let uriId: String
            let queryParams: [[String]]?
            let bodyB64: String
            let bodyUtf8: String
            let nonceB64: String
            let signatureType: String
            let version: String
            let ctrDataB64: String
            let requestDataUtf8: String
            let normalizedDataUtf8: String
            let signature: String
            let headerName: String
            let headerValue: String
        }
        let activation: Activation
        let items: [Item]
    }

    @Test func onlineSignaturesAndHeaders() throws {
        let file = try Fixture.decode(OnlineFile.self, "derived/online-signatures.json")
        let keys = try file.activation.keys()
        #expect(file.items.count == 48)
        for item in file.items {
            var body = try Fixture.base64(item.bodyB64)
            if let params = item.queryParams {
                let pairs = params.map { (key: $0[0], value: $0[1]) }
                #expect(CanonicalQuery.string(from: pairs) == item.bodyUtf8)
                body = Data(CanonicalQuery.string(from: pairs).utf8)
            }
            let request = try SignedRequest(method: item.method, uriId: item.uriId, nonce: item.nonceB64, body: body)
            #expect(request.requestData == item.requestDataUtf8)
            let secret = file.activation.applicationSecret
            #expect(
                String(decoding: request.normalizedData(applicationSecret: secret), as: UTF8.self)
                    == item.normalizedDataUtf8)
            let version = try ProtocolVersion(text: item.version)
            let counter = try SignatureCounter.hashBased(validating: Fixture.base64(item.ctrDataB64))
            let header = try AuthorizationHeader.sign(
                request: request, type: SignatureType(name: item.signatureType), keys: keys, counter: counter,
                activationId: file.activation.activationId, applicationKey: file.activation.applicationKey,
                applicationSecret: secret, version: version)
            #expect(header.signature == item.signature, "\(item.method) \(item.signatureType) \(item.version)")
            #expect(AuthorizationHeader.name == item.headerName)
            #expect(header.value == item.headerValue)
            #expect(try AuthorizationHeader(parsing: item.headerValue) == header)

            let verifier = try SignatureVerifier()
            let result = try verifier.verifyOnline(
                signature: header.signature, type: header.signatureType, version: header.version,
                normalizedData: request.normalizedData(applicationSecret: secret), keys: keys,
                state: ServerCounterState(counter: 3, ctrData: counter.counterData))
            #expect(result.isValid)
            #expect(result.state.counter == 4)
        }
    }

    struct NormalizationFile: Decodable {
        struct Upstream: Decodable {
            let method: String
            let uriId: String
            let nonceB64: String
            let bodyB64: String
            let appSecret: String
            let expected: String
        }
        struct Query: Decodable {
            let params: [[String]]
            let canonical: String
        }
        let upstreamMobileSdkVector: Upstream
        let getCanonicalization: [Query]
    }

    @Test func normalization() throws {
        let file = try Fixture.decode(NormalizationFile.self, "derived/normalization.json")
        let vector = file.upstreamMobileSdkVector
        let request = try SignedRequest(
            method: vector.method.lowercased(), uriId: vector.uriId, nonce: vector.nonceB64,
            body: Fixture.base64(vector.bodyB64))
        #expect(
            String(decoding: request.normalizedData(applicationSecret: vector.appSecret), as: UTF8.self)
                == vector.expected)
        #expect(file.getCanonicalization.count == 2)
        for query in file.getCanonicalization {
            let pairs = query.params.map { (key: $0[0], value: $0[1]) }
            #expect(CanonicalQuery.string(from: pairs) == query.canonical)
            #expect(try CanonicalQuery.string(fromQuery: query.canonical) == query.canonical)
            #expect(
                try CanonicalQuery.string(fromQuery: CanonicalQuery.string(from: pairs.reversed())) == query.canonical)
        }
    }

    // MARK: token-digests.json

    struct TokenFile: Decodable {
        struct Item: Decodable {
            let tokenId: String
            let tokenSecretB64: String
            let nonceB64: String
            let timestamp: String
            let version: String
            let hmacInputHex: String
            let tokenDigestB64: String
            let headerName: String
            let headerValue: String
        }
        let items: [Item]
    }

    @Test func tokenDigests() throws {
        let file = try Fixture.decode(TokenFile.self, "derived/token-digests.json")
        #expect(file.items.count == 8)
        for item in file.items {
            let version = try ProtocolVersion(text: item.version)
            let nonce = try Fixture.base64(item.nonceB64)
            let secret = try Fixture.base64(item.tokenSecretB64)
            #expect(
                try TokenDigest.message(nonce: nonce, timestamp: item.timestamp, version: version)
                    == Fixture.hex(item.hmacInputHex))
            let digest = TokenDigest.compute(
                tokenSecret: secret, nonce: nonce, timestamp: item.timestamp, version: version)
            #expect(digest.base64EncodedString() == item.tokenDigestB64, "\(item.version) \(item.timestamp)")
            let millis = try #require(Int64(item.timestamp))
            let header = TokenDigest.header(
                tokenId: item.tokenId, tokenSecret: secret, timestampMillis: millis, version: version, nonce: nonce)
            #expect(TokenHeader.name == item.headerName)
            #expect(header.value == item.headerValue)
            let parsed = try TokenHeader(parsing: item.headerValue)
            #expect(parsed == header)
            #expect(try TokenDigest.verify(parsed, tokenSecret: secret, nowMillis: millis + 1000) == .valid)
            #expect(try TokenDigest.verify(parsed, tokenSecret: secret, nowMillis: millis + 7_200_001) == .expired)
            #expect(try TokenDigest.verify(parsed, tokenSecret: secret, nowMillis: millis - 1_800_001) == .fromFuture)
            var wrong = secret
            wrong[0] ^= 1
            #expect(try TokenDigest.verify(parsed, tokenSecret: wrong, nowMillis: millis) == .digestMismatch)
        }
    }

    // MARK: server-signed-offline-payloads.json

    struct PayloadsFile: Decodable {
        struct Keys: Decodable {
            let masterServerPrivateKeyB64: String
            let masterServerPublicKeyB64: String
            let masterServerPublicKeyCompressedB64: String
            let serverPrivateKeyB64: String
            let serverPublicKeyB64: String
            let serverPublicKeyCompressedB64: String
        }
        struct Item: Decodable {
            let caseName: String
            let requestData: String
            let totp: String?
            let nonceB64: String
            let keyIndicator: String
            let signedDataUtf8: String
            let signatureDerB64: String
            let signatureJoseB64: String
            let offlineData: String
            let verifyWithExpectedKey: Bool
            let verifyWithOtherKey: Bool
            let verifyWithTamperedData: Bool
            let verifyWithoutIndicatorInSignedData: Bool

            enum CodingKeys: String, CodingKey {
                case caseName = "case"
                case requestData, totp, nonceB64, keyIndicator, signedDataUtf8, signatureDerB64, signatureJoseB64
                case offlineData, verifyWithExpectedKey, verifyWithOtherKey, verifyWithTamperedData
                case verifyWithoutIndicatorInSignedData
            }
        }
        let keys: Keys
        let items: [Item]
    }

    @Test func serverSignedOfflinePayloads() throws {
        let file = try Fixture.decode(PayloadsFile.self, "derived/server-signed-offline-payloads.json")
        let master = try ServerSignedData.publicKey(base64: file.keys.masterServerPublicKeyB64)
        let personal = try ServerSignedData.publicKey(base64: file.keys.serverPublicKeyB64)
        #expect(try ServerSignedData.publicKey(base64: file.keys.masterServerPublicKeyCompressedB64) == master)
        #expect(try ServerSignedData.publicKey(base64: file.keys.serverPublicKeyCompressedB64) == personal)
        let masterPrivate = try ServerSignedData.privateKey(base64: file.keys.masterServerPrivateKeyB64)
        let personalPrivate = try ServerSignedData.privateKey(base64: file.keys.serverPrivateKeyB64)
        #expect(masterPrivate.publicKey == master)
        #expect(personalPrivate.publicKey == personal)
        #expect(file.items.count == 3)
        for item in file.items {
            let operation = try OfflineOperation(item.offlineData)
            #expect(operation.signedData == Data(item.signedDataUtf8.utf8))
            #expect(operation.signature == (try Fixture.base64(item.signatureDerB64)))
            #expect(operation.totp == item.totp)
            let expectedKey = item.keyIndicator == "0" ? master : personal
            let otherKey = item.keyIndicator == "0" ? personal : master
            #expect(operation.checkSignature(masterKey: master, personalizedKey: personal) == .valid)
            let swapped = operation.checkSignature(masterKey: personal, personalizedKey: master)
            #expect((swapped == .valid) == item.verifyWithOtherKey)
            #expect(
                ServerSignedData.isValid(
                    signatureDER: operation.signature, for: operation.signedData, publicKey: expectedKey)
                    == item.verifyWithExpectedKey)
            #expect(
                ServerSignedData.isValid(
                    signatureDER: operation.signature, for: operation.signedData, publicKey: otherKey)
                    == item.verifyWithOtherKey)
            var tampered = operation.signedData
            tampered[0] ^= 0x01
            #expect(
                ServerSignedData.isValid(signatureDER: operation.signature, for: tampered, publicKey: expectedKey)
                    == item.verifyWithTamperedData)
            #expect(
                ServerSignedData.isValid(
                    signatureDER: operation.signature, for: operation.signedData.dropLast(), publicKey: expectedKey)
                    == item.verifyWithoutIndicatorInSignedData)
            let jose = try NISTP256.Signing.ECDSASignature(rawRepresentation: Fixture.base64(item.signatureJoseB64))
            #expect(jose.derRepresentation == operation.signature)
            #expect(operation.checkSignature(masterKey: nil, personalizedKey: nil) == .keyUnavailable)

            // Our signer reproduces the signed bytes (ECDSA uses a random k, so only verification is compared).
            let signingKey: OfflineOperation.SigningKey = item.keyIndicator == "0" ? .master : .personalized
            let payload = try OfflinePayloadSigner.sign(
                data: item.requestData + (item.totp.map { "\n" + $0 } ?? ""),
                privateKey: signingKey == .master ? masterPrivate : personalPrivate, signingKey: signingKey,
                nonce: item.nonceB64)
            #expect(payload.signedData == Data(item.signedDataUtf8.utf8))
            let reparsed = try OfflineOperation(payload.text)
            #expect(reparsed.checkSignature(masterKey: master, personalizedKey: personal) == .valid)
        }
    }
}
