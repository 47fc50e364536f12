package io.mediaopt.imageurl;

import io.mediaopt.ErrorCode;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.ServiceException;
import io.mediaopt.webhooks.CallbackUrls;
import io.mediaopt.webhooks.CheckedHttpClient;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The image sources hold every address form the callbacks' guard holds: loopback, private,
 * link-local and metadata addresses, IPv6 forms carrying them, IPv4 written in forms clients read
 * differently, and names that resolve inside. Every host below is on the allow-list and every one
 * points at a live origin, which counts that none of them reached it.
 */
@Integration
class SourceGuardTest {
    static final Map<String, String[]> NAMES = Map.of(
            "inside.images.test", new String[] {"127.0.0.1"},
            "metadata.images.test", new String[] {"169.254.169.254"},
            "mixed.images.test", new String[] {"93.184.216.34", "127.0.0.1"});
    static ImageOrigin origin;
    static HttpClient client;
    static HttpSource guarded;

    @BeforeAll
    static void start() throws Exception {
        origin = new ImageOrigin(Fixtures.photoJpeg(64, 48));
        CallbackUrls.NameLookup lookup = host -> {
            String[] addresses = NAMES.get(host);
            if (addresses == null) return InetAddress.getAllByName(host);
            InetAddress[] resolved = new InetAddress[addresses.length];
            for (int i = 0; i < addresses.length; i++) resolved[i] = InetAddress.getByName(addresses[i]);
            return resolved;
        };
        CallbackUrls urls = new CallbackUrls(true, false, lookup);
        client = CheckedHttpClient.create(Duration.ofSeconds(5), urls, null);
        client.start();
        guarded = new HttpSource(new SourceHosts(List.of("*.images.test", "127.0.0.1", "localhost", "[::1]",
                "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "169.254.169.254", "10.0.0.1", "192.168.1.1", "[fe80::1]",
                "0.0.0.0", "0177.0.0.1", "2130706433", "0x7f.0.0.1", "127.1", "[fd00:ec2::254]")),
                urls, client, 1 << 20, Duration.ofSeconds(5));
    }

    @AfterAll
    static void stop() throws Exception {
        client.stop();
        origin.close();
    }

    @Test
    void insideAddressesAreRefusedBeforeAnyConnection(@TempDir Path dir) {
        int port = origin.port();
        for (String host : List.of("127.0.0.1", "localhost", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]",
                "169.254.169.254", "10.0.0.1", "192.168.1.1", "[fe80::1]", "0.0.0.0", "[fd00:ec2::254]",
                "inside.images.test", "metadata.images.test", "mixed.images.test")) {
            String url = "http://" + host + ":" + port + "/photo.jpg";
            assertThatThrownBy(() -> guarded.fetch(url, dir.resolve("source"))).as(url)
                    .isInstanceOf(ServiceException.class)
                    .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(ErrorCode.SOURCE_NOT_ALLOWED);
        }
        assertThat(origin.requests.get()).isZero();
    }

    @Test
    void ipv4InOtherFormsIsRefusedUnread(@TempDir Path dir) {
        int port = origin.port();
        for (String host : List.of("0177.0.0.1", "2130706433", "0x7f.0.0.1", "127.1")) {
            String url = "http://" + host + ":" + port + "/photo.jpg";
            assertThatThrownBy(() -> guarded.fetch(url, dir.resolve("source"))).as(url)
                    .isInstanceOf(ServiceException.class)
                    .extracting(e -> ((ServiceException) e).status()).isIn(400, 403);
        }
        assertThat(origin.requests.get()).isZero();
    }

    @Test
    void hostsOffTheListAndOtherSchemesAreRefused() {
        SourceHosts hosts = new SourceHosts(List.of("*.images.test", "cdn.example.com"));
        assertThat(hosts.allows("a.images.test")).isTrue();
        assertThat(hosts.allows("a.b.images.test")).isTrue();
        assertThat(hosts.allows("images.test")).isFalse();
        assertThat(hosts.allows("evilimages.test")).isFalse();
        assertThat(hosts.allows("cdn.example.com.")).isTrue();
        assertThat(hosts.allows("cdn.example.com.evil.net")).isFalse();
        assertThatThrownBy(() -> guarded.check("ftp://inside.images.test/x.jpg")).isInstanceOf(ServiceException.class);
        assertThatThrownBy(() -> guarded.check("http://user@a.images.test/x.jpg")).isInstanceOf(ServiceException.class);
        assertThatThrownBy(() -> guarded.check("http://elsewhere.test/x.jpg"))
                .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(ErrorCode.SOURCE_NOT_ALLOWED);
    }

    @Test
    void bodiesOverTheLimitAndSlowOriginsStop(@TempDir Path dir) throws Exception {
        CallbackUrls open = new CallbackUrls(true, true);
        HttpClient openClient = CheckedHttpClient.create(Duration.ofSeconds(5), open, null);
        openClient.start();
        try {
            // time enough to be answered on a busy machine: only the byte limit stops this one
            HttpSource small = new HttpSource(new SourceHosts(List.of("127.0.0.1")), open, openClient, 100,
                    Duration.ofSeconds(60));
            Path file = dir.resolve("source");
            assertThatThrownBy(() -> small.fetch(origin.url("/photo.jpg"), file))
                    .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(ErrorCode.TOO_LARGE);
            assertThat(Files.exists(file) ? Files.size(file) : 0).isLessThanOrEqualTo(100);
            // an origin slower than the fetch's limit (this one never answers) is a timeout, not a
            // failure of the service
            HttpSource impatient = new HttpSource(new SourceHosts(List.of("127.0.0.1")), open, openClient, 100,
                    Duration.ofMillis(500));
            assertThatThrownBy(() -> impatient.fetch(origin.url("/stall"), dir.resolve("stalled")))
                    .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(ErrorCode.TIMEOUT);
        } finally {
            openClient.stop();
            origin.requests.set(0);
        }
    }
}
