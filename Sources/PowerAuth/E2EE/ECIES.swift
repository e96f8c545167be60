/// PowerAuth's end-to-end encryption (ECIES over P-256): the parameters of one exchange, the encryptor and decryptor
/// of each side, the wire envelopes and the server's replay guard — one namespace, the way swift-crypto nests `HPKE`.
public enum ECIES {}
