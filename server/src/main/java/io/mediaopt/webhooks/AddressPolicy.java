package io.mediaopt.webhooks;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which addresses a callback may reach: public unicast ones only, unless private ones are
 * allowed. Refused: loopback, unspecified, private (RFC 1918, IPv6 unique-local), shared
 * (100.64/10, where some clouds keep their metadata service), link-local (169.254/16 with the
 * usual metadata address, fe80::/10), IETF-reserved (0/8, 192.0.0/24, 198.18/15, 240/4),
 * multicast and broadcast; and IPv6 forms that carry an IPv4 address (mapped, compatible,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) when that address is refused.
 */
public final class AddressPolicy {
    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    private static final Pattern DOTTED_QUAD = Pattern.compile(OCTET + "(\\." + OCTET + "){3}");
    /** A last label that makes a browser (the WHATWG URL standard) read the whole host as IPv4. */
    private static final Pattern NUMERIC_LABEL = Pattern.compile("[0-9]+|0x[0-9a-f]*");

    private AddressPolicy() {}

    /**
     * Whether a URL's host is written as IPv4 in any form but the canonical dotted quad of
     * decimal numbers ({@code 0177.0.0.1}, {@code 127.1}, {@code 0x7f.0.0.1}, {@code 2130706433},
     * {@code 127.000.000.001}, a trailing dot): Java, curl and browsers read such forms as
     * different addresses (Java takes {@code 0177} for 177, curl for 127), so none is trusted.
     */
    public static boolean isNonCanonicalIpv4(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        String labels = h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
        String last = labels.substring(labels.lastIndexOf('.') + 1);
        boolean ipv4Like = !last.isEmpty() && NUMERIC_LABEL.matcher(last).matches();
        return ipv4Like && !DOTTED_QUAD.matcher(h).matches();
    }

    public static boolean isPublic(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) return isPublicIpv4(b);
        if (address instanceof Inet6Address) return isPublicIpv6(b);
        return false;
    }

    private static boolean isPublicIpv4(byte[] b) {
        int first = b[0] & 0xff;
        int second = b[1] & 0xff;
        if (first == 0 || first == 10 || first == 127 || first >= 224) return false;
        if (first == 100 && second >= 64 && second <= 127) return false;
        if (first == 169 && second == 254) return false;
        if (first == 172 && second >= 16 && second <= 31) return false;
        if (first == 192 && second == 168) return false;
        if (first == 192 && second == 0 && (b[2] & 0xff) == 0) return false;
        return !(first == 198 && (second == 18 || second == 19));
    }

    private static boolean isPublicIpv6(byte[] b) {
        if ((b[0] & 0xfe) == 0xfc) return false; // fc00::/7 unique-local (AWS metadata: fd00:ec2::254)
        if (zeros(b, 0, 10) && ((b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff || zeros(b, 10, 12))) {
            return isPublicIpv4(ipv4(b, 12)); // mapped ::ffff:a.b.c.d, compatible ::a.b.c.d
        }
        if ((b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b
                && zeros(b, 4, 12)) {
            return isPublicIpv4(ipv4(b, 12)); // NAT64
        }
        if ((b[0] & 0xff) == 0x20 && (b[1] & 0xff) == 0x02) return isPublicIpv4(ipv4(b, 2)); // 6to4
        return true;
    }

    private static boolean zeros(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) return false;
        }
        return true;
    }

    private static byte[] ipv4(byte[] b, int offset) {
        return Arrays.copyOfRange(b, offset, offset + 4);
    }
}
