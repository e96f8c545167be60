import Foundation
import HTTPTypes
import OperationsSync
import PowerAuth

/// Load driver for `qrauth serve`: many concurrent clients, each computing a fresh
/// `possession_universal` token header (HMAC digest, random nonce) per list call, for a duration.
/// Prints verified requests/s and latency percentiles, and the same for a baseline endpoint that
/// needs no authentication (the server's transport cost), with the ratio of the two.
///
///   serve-load --url http://127.0.0.1:PORT --device device.json [--concurrency 64] [--seconds 10]
@main
enum ServeLoad {
    struct Options {
        var url = ""
        var device = ""
        var concurrency = 64
        var seconds = 10.0

        init(_ arguments: [String]) throws {
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                guard let value = iterator.next() else { throw LoadFailure("\(argument) needs a value") }
                switch argument {
                case "--url": url = value
                case "--device": device = value
                case "--concurrency": concurrency = Int(value) ?? 0
                case "--seconds": seconds = Double(value) ?? 0
                default: throw LoadFailure("unknown option \(argument)")
                }
            }
            guard !url.isEmpty, !device.isEmpty, (1...4096).contains(concurrency), (0.5...600).contains(seconds) else {
                throw LoadFailure("usage: serve-load --url URL --device FILE [--concurrency N] [--seconds S]")
            }
        }
    }

    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What one client measured.
    struct Tally: Sendable {
        var ok = 0
        var failed = 0
        var latencies: [Double] = []
    }

    static func main() async {
        do {
            let options = try Options(Array(CommandLine.arguments.dropFirst()))
            let device = try ActivationFile<DeviceActivation>.read(options.device)
            guard let token = device.token else { throw LoadFailure("the device file has no token") }
            var configuration = HTTPClientConfiguration(baseURL: URL(string: options.url))
            configuration.allowInsecureHTTP = true
            configuration.maxIdleConnectionsPerHost = options.concurrency
            let client = NIOHTTPClient(configuration: configuration)
            let baseline = try await measure(client: client, options: options, seconds: options.seconds / 2) {
                HTTPExchange.Request(.post, "/api/auth/token/app/operation/unknown", body: .json(Data("{}".utf8)))
            } accept: {
                $0 == 404
            }
            let verified = try await measure(client: client, options: options, seconds: options.seconds) {
                let header = TokenDigest.header(
                    tokenId: token.id, tokenSecret: token.secret,
                    timestampMillis: Int64(Date().timeIntervalSince1970 * 1000), version: device.protocolVersion)
                return HTTPExchange.Request(
                    .post, "/api/auth/token/app/operation/list",
                    headers: [HTTPField.Name(TokenHeader.name)!: header.value],
                    body: .json(Data("{}".utf8)))
            } accept: {
                $0 == 200
            }
            await client.shutdown()
            report("baseline (404, no auth)", baseline, seconds: options.seconds / 2)
            report("token-verified list", verified, seconds: options.seconds)
            let ratio = (Double(verified.ok) / options.seconds) / max(Double(baseline.ok) / (options.seconds / 2), 1)
            print(
                String(
                    format: "ratio verified/baseline: %.3f   goal 3000 req/s: %@", ratio,
                    Double(verified.ok) / options.seconds >= 3000 ? "met" : "NOT met"))
            if verified.failed > 0 || verified.ok == 0 { exit(1) }
        } catch {
            FileHandle.standardError.write(Data("serve-load: \(error)\n".utf8))
            exit(4)
        }
    }

    static func measure(
        client: NIOHTTPClient, options: Options, seconds: Double,
        request: @escaping @Sendable () -> HTTPExchange.Request,
        accept: @escaping @Sendable (Int) -> Bool
    ) async throws -> Tally {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        return try await withThrowingTaskGroup(of: Tally.self) { group in
            for _ in 0..<options.concurrency {
                group.addTask {
                    var tally = Tally()
                    let clock = ContinuousClock()
                    while clock.now < deadline {
                        let start = clock.now
                        let status: Int
                        do {
                            status = try await client.send(request()).statusCode
                        } catch {
                            status = 0
                        }
                        let elapsed = start.duration(to: clock.now)
                        if accept(status) {
                            tally.ok += 1
                            tally.latencies.append(
                                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds)
                                    / 1e15)
                        } else {
                            tally.failed += 1
                        }
                    }
                    return tally
                }
            }
            var total = Tally()
            for try await tally in group {
                total.ok += tally.ok
                total.failed += tally.failed
                total.latencies += tally.latencies
            }
            return total
        }
    }

    static func report(_ label: String, _ tally: Tally, seconds: Double) {
        let sorted = tally.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        print(
            String(
                format: "%-26@ %9.0f req/s  ok %d  failed %d  p50 %.2f ms  p99 %.2f ms  max %.2f ms",
                label, Double(tally.ok) / seconds, tally.ok, tally.failed, percentile(0.5), percentile(0.99),
                sorted.last ?? 0))
    }
}
