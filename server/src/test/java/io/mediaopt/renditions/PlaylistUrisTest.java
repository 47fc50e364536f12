package io.mediaopt.renditions;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlaylistUrisTest {
    @Test
    void everyNamedFileIsRewrittenAndEveryTagKeptAsItWas() {
        String variant = """
                #EXTM3U
                #EXT-X-VERSION:7
                #EXT-X-TARGETDURATION:4
                #EXT-X-MAP:URI="360p_init.mp4"
                #EXTINF:4.000000,
                360p_000.m4s

                #EXTINF:1.000000,
                360p_001.m4s
                #EXT-X-ENDLIST
                """;
        assertThat(PlaylistUris.rewrite(variant, name -> "https://b.example/" + name + "?sig=a&x=$1")).isEqualTo("""
                #EXTM3U
                #EXT-X-VERSION:7
                #EXT-X-TARGETDURATION:4
                #EXT-X-MAP:URI="https://b.example/360p_init.mp4?sig=a&x=$1"
                #EXTINF:4.000000,
                https://b.example/360p_000.m4s?sig=a&x=$1

                #EXTINF:1.000000,
                https://b.example/360p_001.m4s?sig=a&x=$1
                #EXT-X-ENDLIST
                """);
    }

    @Test
    void aMasterKeepsItsAttributesAndOnlyItsVariantLinesChange() {
        String master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=602928,RESOLUTION=640x360\n360p.m3u8\n";
        assertThat(PlaylistUris.rewrite(master, name -> "v/" + name))
                .isEqualTo("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=602928,RESOLUTION=640x360\nv/360p.m3u8\n");
        assertThat(PlaylistUris.rewrite(master, name -> name)).isEqualTo(master);
    }
}
