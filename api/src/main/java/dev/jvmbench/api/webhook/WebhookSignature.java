package dev.jvmbench.api.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a delivery is signed: Standard Webhooks 1.0 (https://www.standardwebhooks.com, docs/alerts.md,
 * "Signatures"), symmetric. The secret is {@code whsec_} and the base64 of 24 to 64 random bytes,
 * the key itself; the signature is {@code v1,} and the base64 of HMAC-SHA256(key,
 * "{webhook-id}.{webhook-timestamp}.{raw body}"), sent in the header webhook-signature beside
 * webhook-id (the message's id, the same on every retry) and webhook-timestamp (the attempt's time,
 * Unix seconds). Signing the id and the time with the body lets a receiver refuse a replayed
 * request (a time more than 5 minutes off) and a second copy (an id it has seen), which a signature
 * over the body alone cannot.
 */
public final class WebhookSignature {

    public static final String SECRET_PREFIX = "whsec_";
    /** Bytes of a generated secret: 256 bits. */
    static final int GENERATED_BYTES = 32;
    /**
     * A given secret: whsec_ and canonical-length base64 (with its padding) of 24 to 64 bytes, what
     * the specification asks of a symmetric key.
     */
    public static final String SECRET_PATTERN = "^whsec_(?:(?:[A-Za-z0-9+/]{4}){8,20}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?"
            + "|(?:[A-Za-z0-9+/]{4}){21}(?:[A-Za-z0-9+/]{2}==)?)$";

    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";

    private WebhookSignature() {
    }

    /** A new secret of {@link #GENERATED_BYTES} random bytes. */
    static String newSecret(SecureRandom random) {
        byte[] key = new byte[GENERATED_BYTES];
        random.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The HMAC key a secret stands for. */
    static byte[] key(String secret) {
        if (!secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("a secret starts with " + SECRET_PREFIX);
        }
        return Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
    }

    /**
     * The value of webhook-signature for one attempt signed with {@code secret} and, while a rotation's
     * overlap lasts, with {@code previousSecret} too (else null): the specification's space-delimited
     * list, which a receiver accepts when any signature in it verifies.
     */
    public static String signatures(String secret, String previousSecret, String messageId, long timestampSeconds,
                                    byte[] body) {
        String current = sign(secret, messageId, timestampSeconds, body);
        return previousSecret == null ? current : current + " " + sign(previousSecret, messageId, timestampSeconds, body);
    }

    /** One signature: {@code v1,<base64 HMAC-SHA256>}. */
    public static String sign(String secret, String messageId, long timestampSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key(secret), "HmacSHA256"));
            mac.update((messageId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
