package io.mediaopt.renditions;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites every URI an HLS playlist names (RFC 8216 4.1): the lines that are not tags, and the
 * {@code URI="..."} attribute of a tag such as {@code #EXT-X-MAP}. The playlists of a ladder
 * name their files by bare name; serving one, the service puts in their place the URLs a player
 * can fetch. The same holds for the storyboard's WebVTT, whose cue lines name the sheet.
 */
public final class PlaylistUris {
    private static final Pattern URI_ATTRIBUTE = Pattern.compile("(?<=[:,])URI=\"([^\"]*)\"");

    private PlaylistUris() {}

    /** {@code link}: the URI to write for one the playlist names. */
    public static String rewrite(String playlist, UnaryOperator<String> link) {
        StringBuilder out = new StringBuilder(playlist.length() * 2);
        for (String line : playlist.split("\n", -1)) {
            if (!out.isEmpty()) out.append('\n');
            String content = line.strip();
            if (content.isEmpty()) {
                out.append(line);
            } else if (content.startsWith("#")) {
                Matcher uri = URI_ATTRIBUTE.matcher(line);
                out.append(uri.replaceAll(m -> Matcher.quoteReplacement("URI=\"" + link.apply(m.group(1)) + "\"")));
            } else {
                // a WebVTT cue names its storyboard tile with a fragment: storyboard.webp#xywh=0,0,256,144
                int fragment = content.indexOf('#');
                out.append(fragment < 0 ? link.apply(content)
                        : link.apply(content.substring(0, fragment)) + content.substring(fragment));
            }
        }
        return out.toString();
    }
}
