package io.mediaopt.http;

import io.mediaopt.Config;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The entries of SERVICE_API_KEYS: {@code name:key} or a plain key, named without revealing it. */
class NamedKeyTest {
    @Test
    void aNamedEntryKeepsItsNameAndAPlainOneGetsAStableNameThatIsNotTheKey() {
        List<NamedKey> keys = NamedKey.parseAll(List.of("alice: s3cret-a", "plain-s3cret"));
        assertThat(keys.get(0).name()).isEqualTo("alice");
        assertThat(new String(keys.get(0).secret(), StandardCharsets.UTF_8)).isEqualTo("s3cret-a");
        String derived = keys.get(1).name();
        assertThat(derived).matches("key-[0-9a-f]{12}").doesNotContain("plain-s3cret");
        assertThat(NamedKey.parseAll(List.of("other", "plain-s3cret")).get(1).name()).isEqualTo(derived);
        assertThat(keys.toString()).doesNotContain("s3cret");
    }

    @Test
    void badEntriesAreAllReportedWithoutEchoingAKey() {
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_API_KEYS",
                "alice:s3cret-a,alice:s3cret-b,bob:,bad name:s3cret-c,dave:s3cret-d,erin:s3cret-d")))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageContaining("SERVICE_API_KEYS")
                .hasMessageContaining("the name alice is given to two keys")
                .hasMessageContaining("the key named bob is empty")
                .hasMessageContaining("a key's name must be 1 to 64 letters")
                .hasMessageMatching("(?s).*the key named (dave|erin) is also listed under another name.*")
                .message().doesNotContain("s3cret");
    }
}
