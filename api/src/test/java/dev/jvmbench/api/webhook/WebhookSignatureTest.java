package dev.jvmbench.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Standard Webhooks' symmetric signature, checked against the specification's own libraries' test vector. */
class WebhookSignatureTest {

    private static final Pattern SECRET = Pattern.compile(WebhookSignature.SECRET_PATTERN);

    @Test
    void signsAsTheStandardWebhooksLibrariesDo() {
        // the vector of the standard-webhooks libraries' tests (verifyWebhookSignWorks)
        String signature = WebhookSignature.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330L, "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8));
        assertThat(signature).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void theIdTheTimeAndEveryByteOfTheBodyAreSigned() {
        String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
        String signed = WebhookSignature.sign(secret, "msg_1", 1614265330L, body);
        assertThat(WebhookSignature.sign(secret, "msg_2", 1614265330L, body)).isNotEqualTo(signed);
        assertThat(WebhookSignature.sign(secret, "msg_1", 1614265331L, body)).isNotEqualTo(signed);
        assertThat(WebhookSignature.sign(secret, "msg_1", 1614265330L, "{\"test\":2432232314}".getBytes(StandardCharsets.UTF_8)))
                .isNotEqualTo(signed);
        assertThat(WebhookSignature.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx", "msg_1", 1614265330L, body))
                .isNotEqualTo(signed);
    }

    @Test
    void aGeneratedSecretHas32RandomBytesAndIsOneAGivenSecretMayBe() {
        SecureRandom random = new SecureRandom();
        String first = WebhookSignature.newSecret(random);
        assertThat(first).startsWith("whsec_").matches(SECRET);
        assertThat(WebhookSignature.key(first)).hasSize(32);
        assertThat(WebhookSignature.newSecret(random)).isNotEqualTo(first);
    }

    @Test
    void aGivenSecretIsTheBase64Of24To64Bytes() {
        for (int bytes = 0; bytes <= 70; bytes++) {
            String secret = "whsec_" + Base64.getEncoder().encodeToString(new byte[bytes]);
            assertThat(SECRET.matcher(secret).matches()).as(bytes + " bytes").isEqualTo(bytes >= 24 && bytes <= 64);
            if (bytes >= 24 && bytes <= 64) {
                assertThat(WebhookSignature.key(secret)).hasSize(bytes);
            }
        }
        assertThat(SECRET.matcher("whsec_" + Base64.getEncoder().withoutPadding().encodeToString(new byte[25])).matches())
                .as("unpadded").isFalse();
        assertThat(SECRET.matcher("whsec_" + Base64.getUrlEncoder().encodeToString(new byte[24]).replace('A', '-'))
                .matches()).as("URL-safe alphabet").isFalse();
        assertThat(SECRET.matcher(Base64.getEncoder().encodeToString(new byte[32])).matches()).as("no prefix").isFalse();
    }
}
