package io.mediaopt.webhooks;

import io.mediaopt.ServiceException;
import io.mediaopt.jobs.Callback;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Which URLs a callback may go to: an absolute {@code https} URL ({@code http} too when allowed)
 * with a host and without user info, whose host resolves only to public addresses unless private
 * ones are allowed ({@link AddressPolicy}). A URL is checked when a caller sends it; the sender
 * resolves its host again for every new connection and connects only to the addresses that
 * lookup returned and this class accepted, so a name that later resolves elsewhere is caught.
 */
public final class CallbackUrls {
    public static final int MAX_LENGTH = Callback.MAX_URL_LENGTH;

    /** Resolves a host name (or an address literal) to its addresses: the system's resolver in production. */
    @FunctionalInterface
    public interface NameLookup {
        NameLookup SYSTEM = InetAddress::getAllByName;

        InetAddress[] addresses(String host) throws UnknownHostException;
    }

    private final boolean allowHttp;
    private final boolean allowPrivate;
    private final NameLookup lookup;

    public CallbackUrls(boolean allowHttp, boolean allowPrivate) {
        this(allowHttp, allowPrivate, NameLookup.SYSTEM);
    }

    public CallbackUrls(boolean allowHttp, boolean allowPrivate, NameLookup lookup) {
        this.allowHttp = allowHttp;
        this.allowPrivate = allowPrivate;
        this.lookup = lookup;
    }

    /**
     * The URL if its form is acceptable; IllegalArgumentException saying what was expected
     * otherwise. Nothing is resolved.
     */
    public URI parse(String value) {
        String expected = allowHttp ? "an absolute http or https URL" : "an absolute https URL";
        if (value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("expected a URL of at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("expected " + expected);
        }
        if (AddressPolicy.isNonCanonicalIpv4(authorityHost(uri))) {
            throw new IllegalArgumentException("expected an IPv4 host as four decimal numbers 0-255 without "
                    + "leading zeros (a.b.c.d), the one form every client reads alike");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http")) || uri.getHost() == null
                || uri.isOpaque()) {
            throw new IllegalArgumentException("expected " + expected
                    + (scheme.equals("http") ? " (http needs SERVICE_WEBHOOK_ALLOW_HTTP=true)" : ""));
        }
        if (uri.getRawUserInfo() != null) throw new IllegalArgumentException("expected a URL without user info");
        if (uri.getRawFragment() != null) throw new IllegalArgumentException("expected a URL without a fragment");
        return uri;
    }

    /** A URL a caller sent: its form, and the addresses its host resolves to now. */
    public URI checkSubmitted(String value) {
        String shown = "\"" + withoutQuery(value.strip()) + "\"";
        URI uri;
        try {
            uri = parse(value.strip());
            allowedAddresses(uri.getHost());
        } catch (IllegalArgumentException e) {
            throw ServiceException.invalidInput("Expected " + e.getMessage().replaceFirst("^expected ", "")
                    + " for callbackUrl but received " + shown);
        } catch (RefusedAddressException e) {
            throw ServiceException.invalidInput("callbackUrl " + shown + " is refused: " + e.getMessage());
        } catch (UnknownHostException e) {
            throw ServiceException.invalidInput("The host of callbackUrl " + shown + " does not resolve");
        }
        return uri;
    }

    /**
     * Resolves {@code host} once and returns its addresses, the only ones a connection may then
     * go to; refuses the host when any of them is not allowed: a name that answers with both a
     * public and a private address could otherwise reach the latter. {@code host} is as
     * {@link URI#getHost()} gives it (an IPv6 literal in brackets).
     */
    public List<InetAddress> allowedAddresses(String host) throws UnknownHostException, RefusedAddressException {
        if (AddressPolicy.isNonCanonicalIpv4(host)) {
            throw new RefusedAddressException(host + " is an IPv4 address in a form clients read differently");
        }
        List<InetAddress> addresses = List.of(lookup.addresses(host));
        if (addresses.isEmpty()) throw new UnknownHostException(host);
        if (allowPrivate) return addresses;
        for (InetAddress address : addresses) {
            if (!AddressPolicy.isPublic(address)) {
                throw new RefusedAddressException(host + " resolves to " + address.getHostAddress()
                        + ", a loopback, private, link-local or reserved address that callbacks may not reach");
            }
        }
        return addresses;
    }

    /**
     * The host as the URL writes it, also where {@link URI#getHost()} gives none because Java
     * cannot read it as a host name ({@code 127.1}, {@code 0x7f.0.0.1}); empty without an authority.
     */
    private static String authorityHost(URI uri) {
        if (uri.getHost() != null) return uri.getHost();
        String authority = uri.getRawAuthority();
        if (authority == null) return "";
        String host = authority.substring(authority.lastIndexOf('@') + 1);
        return host.startsWith("[") ? host : host.replaceFirst(":[0-9]*$", "");
    }

    /** A URL as it may be shown: its query may carry a token. */
    public static String withoutQuery(Object url) {
        String text = url.toString();
        int cut = text.indexOf('?');
        return cut < 0 ? text : text.substring(0, cut) + "?…";
    }

    /** The host resolves to an address a callback may not reach. */
    public static final class RefusedAddressException extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedAddressException(String message) {
            super(message);
        }
    }
}
