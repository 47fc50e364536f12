package io.mediaopt.webhooks;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AddressPolicyTest {
    @Test
    void refusesEveryInternalRangeAndTheIpv6FormsThatCarryOne() throws Exception {
        for (String address : List.of("127.0.0.1", "127.255.0.9", "0.0.0.0", "0.1.2.3", "10.0.0.1", "172.16.0.1",
                "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "100.100.100.200", "192.0.0.192",
                "198.18.0.1", "224.0.0.1", "240.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1",
                "fd00:ec2::254", "ff02::1", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::a9fe:a9fe", "2002:a00:1::")) {
            assertThat(AddressPolicy.isPublic(InetAddress.getByName(address))).as(address).isFalse();
        }
    }

    @Test
    void acceptsPublicAddresses() throws Exception {
        for (String address : List.of("1.1.1.1", "8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1",
                "192.0.1.1", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::")) {
            assertThat(AddressPolicy.isPublic(InetAddress.getByName(address))).as(address).isTrue();
        }
    }

    @Test
    void everyIpv4FormButTheDecimalDottedQuadIsNonCanonical() {
        for (String host : List.of("0177.0.0.1", "127.1", "0x7f.0.0.1", "0X7F.0.0.1", "2130706433", "127.000.000.001",
                "0x7f000001", "017700000001", "127.0.0.1.", "1.2.3.04", "8.8.8.010", "256.1.1.1", "127.0.1", "0x",
                "example.123", "example.0x1f")) {
            assertThat(AddressPolicy.isNonCanonicalIpv4(host)).as(host).isTrue();
        }
        for (String host : List.of("127.0.0.1", "8.8.8.8", "0.0.0.0", "255.255.255.255", "example.com", "1.2.3.example",
                "0x.example", "[::ffff:127.0.0.1]", "[::1]", "")) {
            assertThat(AddressPolicy.isNonCanonicalIpv4(host)).as(host).isFalse();
        }
    }

    @Test
    void aCallbackUrlWithANonCanonicalIpv4HostIsRefusedEvenWherePrivateAddressesAreAllowed() {
        CallbackUrls permissive = new CallbackUrls(true, true);
        for (String url : List.of("http://0177.0.0.1/", "http://127.1/", "http://127.1:8080/", "http://0x7f.0.0.1/",
                "http://2130706433/", "http://127.000.000.001/", "http://u@0x7f000001:80/")) {
            assertThatThrownBy(() -> permissive.parse(url)).as(url).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("four decimal numbers");
        }
        assertThat(permissive.parse("http://127.0.0.1:8080/hook").getHost()).isEqualTo("127.0.0.1");
    }
}
