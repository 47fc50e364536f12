package io.mediaopt.imageurl;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The URL grammar and signatures against URLs built by imgproxy's official Node builder
 * (@imgproxy/imgproxy-node 1.1.0, generateImageUrl and generateImageInfoUrl) with the key and salt
 * of its README, hard-coded here as it printed them.
 */
class ProcessingUrlTest {
    static final String KEY = "943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881";
    static final String SALT = "520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5";
    static final String SOURCE = "http://127.0.0.1:8000/photo.jpg?a=b c";
    static final String BASE64_SOURCE = "aHR0cDovLzEyNy4wLjAuMTo4MDAwL3Bob3RvLmpwZz9hPWIgYw";
    static final Set<String> PRESETS = Set.of("web", "mobile", "low-bandwidth");

    static final UrlSignatures SIGNED = new UrlSignatures(List.of(new ImageUrlSettings.SigningKey(
            HexFormat.of().parseHex(KEY), HexFormat.of().parseHex(SALT))), false);

    static ProcessingUrl parse(String path) {
        return ProcessingUrl.parse(path, PRESETS, false);
    }

    @Test
    void fitWithEnlargeAndGravity() {
        ProcessingUrl url = parse("S9Y6TxIrle2UKh8w818NQOTlZ9JpP9NNdLwpxYuGgAM/el:t/g:no/rt:fit/w:300/" + BASE64_SOURCE);
        SIGNED.check(url);
        assertThat(url.source()).isEqualTo(SOURCE);
        assertThat(url.info()).isFalse();
        ImageOptions o = url.options();
        assertThat(o.resizingType()).isEqualTo(ResizingType.FIT);
        assertThat(o.width()).isEqualTo(300);
        assertThat(o.height()).isZero();
        assertThat(o.enlarge()).isTrue();
        assertThat(o.gravity().type()).isEqualTo(Gravity.Type.NO);
        assertThat(o.format()).isEqualTo(UrlFormat.BEST);
    }

    @Test
    void plainSourceIsSignedAsWritten() {
        ProcessingUrl url = parse("AKosqltha_SsWP79kMNaluIPGtPYXpmE5YhAvHMaVTM/el:t/g:no/rt:fit/w:300/plain/" + SOURCE);
        SIGNED.check(url);
        assertThat(url.source()).isEqualTo(SOURCE);
    }

    @Test
    void fillWithSmartCrop() {
        ProcessingUrl url = parse("_xlIVIC92-k68-dysWWYYBnW6e0DHbDovpFV28kH0Bg/g:sm/rs:fill:200:100/" + BASE64_SOURCE);
        SIGNED.check(url);
        assertThat(url.options().resizingType()).isEqualTo(ResizingType.FILL);
        assertThat(url.options().width()).isEqualTo(200);
        assertThat(url.options().height()).isEqualTo(100);
        assertThat(url.options().gravity().type()).isEqualTo(Gravity.Type.SM);
    }

    @Test
    void focalPointDprQualityAndFormat() {
        ProcessingUrl url = parse("6FchnXnJzekPWPyfzUQ4soRFaTvblVfyzy5y1LAR2eg/dpr:2/f:webp/g:fp:0.2:0.8/h:100/q:70/"
                + "rt:fill/w:100/" + BASE64_SOURCE);
        SIGNED.check(url);
        ImageOptions o = url.options();
        assertThat(o.gravity()).isEqualTo(new Gravity(Gravity.Type.FP, 0.2, 0.8));
        assertThat(o.scaledWidth()).isEqualTo(200);
        assertThat(o.scaledHeight()).isEqualTo(200);
        assertThat(o.quality()).isEqualTo(70);
        assertThat(o.format()).isEqualTo(UrlFormat.WEBP);
    }

    @Test
    void presetAndSize() {
        ProcessingUrl preset = parse("HaU50CG5wz-Gyjbv5MRWLJcyi1igoXUp_RS-73XpbTw/pr:web/" + BASE64_SOURCE);
        SIGNED.check(preset);
        assertThat(preset.options().preset()).isEqualTo("web");
        ProcessingUrl size = parse("qkJ1HEqYOHopbcoYzPFBkl_QKCguWDKP-vMyuS97Lns/s:10:20:t/" + BASE64_SOURCE);
        SIGNED.check(size);
        assertThat(size.options().width()).isEqualTo(10);
        assertThat(size.options().height()).isEqualTo(20);
        assertThat(size.options().enlarge()).isTrue();
    }

    @Test
    void infoAsTheBuilderWritesIt() {
        ProcessingUrl url = parse("info/7UVmi964XqsVXC0fonbQwR3SGs5dSK2yFptutDUh1iw/czM6Ly9idWNrZXQveC5qcGc");
        SIGNED.check(url);
        assertThat(url.info()).isTrue();
        assertThat(url.source()).isEqualTo("s3://bucket/x.jpg");
        assertThat(parse("sig/info/czM6Ly9idWNrZXQveC5qcGc").info()).isTrue();
    }

    @Test
    void extensionsSplitSourcesAndPadding() {
        ProcessingUrl split = parse("sig/w:10/aHR0cDovLzEyNy4wLjAuMTo4MDA/wL3Bob3RvLmpwZz9hPWIgYw.avif");
        assertThat(split.source()).isEqualTo(SOURCE);
        assertThat(split.options().format()).isEqualTo(UrlFormat.AVIF);
        ProcessingUrl plain = parse("sig/w:10/plain/http%3A%2F%2Fh%2Fa%20b.jpg@png");
        assertThat(plain.source()).isEqualTo("http://h/a b.jpg");
        assertThat(plain.options().format()).isEqualTo(UrlFormat.PNG);
        assertThat(parse("sig/czM6Ly9rZXk=").source()).isEqualTo("s3://key");
        assertThat(parse("sig/czM6Ly9rZXk.jpg").options().format()).isEqualTo(UrlFormat.JPEG);
    }

    @Test
    void canonicalFormIsTheSameForTheSameRequest() {
        String longNames = parse("sig/resize:fill:100:50/gravity:ce/quality:0/" + BASE64_SOURCE).options().canonical();
        String shortNames = parse("sig/rt:fill/w:100/h:50/" + BASE64_SOURCE).options().canonical();
        String dpr = parse("sig/rt:fill/w:50/h:25/dpr:2/" + BASE64_SOURCE).options().canonical();
        assertThat(longNames).isEqualTo(shortNames).isEqualTo(dpr);
        assertThat(parse("sig/rt:fill/w:100/h:51/" + BASE64_SOURCE).options().canonical()).isNotEqualTo(shortNames);
    }

    @Test
    void unknownOrBadOptionsAreRefusedByName() {
        assertRefused("sig/blur:10/" + BASE64_SOURCE, "\"blur\"");
        assertRefused("sig/rt:crop/" + BASE64_SOURCE, "\"crop\"");
        assertRefused("sig/w:abc/" + BASE64_SOURCE, "width");
        assertRefused("sig/w:99999/" + BASE64_SOURCE, "width");
        assertRefused("sig/g:fp:2:0/" + BASE64_SOURCE, "fp x");
        assertRefused("sig/g:no:10:0/" + BASE64_SOURCE, "offset");
        assertRefused("sig/q:101/" + BASE64_SOURCE, "quality");
        assertRefused("sig/pr:nope/" + BASE64_SOURCE, "preset");
        assertRefused("sig/f:bmp/" + BASE64_SOURCE, "format");
        assertRefused("sig/dpr:9/" + BASE64_SOURCE, "dpr");
        assertRefused("sig/w:16000/dpr:2/" + BASE64_SOURCE, "dpr");
        assertRefused("sig/rs:fit:10:10:0:1/" + BASE64_SOURCE, "extend");
        assertRefused("sig/w:10/", "source");
        assertRefused("sig/w:10/!!!", "base64");
    }

    @Test
    void presetsOnlyTakesNothingButPresets() {
        assertThatCode(() -> ProcessingUrl.parse("sig/pr:mobile/" + BASE64_SOURCE, PRESETS, true)).doesNotThrowAnyException();
        assertThatThrownBy(() -> ProcessingUrl.parse("sig/w:10/" + BASE64_SOURCE, PRESETS, true))
                .isInstanceOf(ServiceException.class).hasMessageContaining("Only pr:");
        assertThatThrownBy(() -> ProcessingUrl.parse("sig/pr:web/" + BASE64_SOURCE + ".png", PRESETS, true))
                .isInstanceOf(ServiceException.class).hasMessageContaining("Only pr:");
    }

    @Test
    void anyChangedByteBreaksTheSignature() {
        String good = "S9Y6TxIrle2UKh8w818NQOTlZ9JpP9NNdLwpxYuGgAM/el:t/g:no/rt:fit/w:300/" + BASE64_SOURCE;
        assertThatCode(() -> SIGNED.check(parse(good))).doesNotThrowAnyException();
        for (String bad : List.of(good.replace("w:300", "w:301"), good.replace("S9Y6", "S9Y7"),
                good.replace("g:no", "g:so"), "insecure/el:t/g:no/rt:fit/w:300/" + BASE64_SOURCE)) {
            assertThatThrownBy(() -> SIGNED.check(parse(bad))).as(bad).isInstanceOf(ServiceException.class)
                    .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(ErrorCode.INVALID_SIGNATURE);
        }
    }

    @Test
    void rotatedKeysAndInsecure() {
        ImageUrlSettings.SigningKey other = new ImageUrlSettings.SigningKey(new byte[] {1, 2}, new byte[] {3});
        UrlSignatures rotated = new UrlSignatures(List.of(other, new ImageUrlSettings.SigningKey(
                HexFormat.of().parseHex(KEY), HexFormat.of().parseHex(SALT))), false);
        assertThatCode(() -> rotated.check(parse("HaU50CG5wz-Gyjbv5MRWLJcyi1igoXUp_RS-73XpbTw/pr:web/" + BASE64_SOURCE)))
                .doesNotThrowAnyException();
        assertThatCode(() -> new UrlSignatures(List.of(), true).check(parse("insecure/w:10/" + BASE64_SOURCE)))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> new UrlSignatures(List.of(), true).check(parse("other/w:10/" + BASE64_SOURCE)))
                .isInstanceOf(ServiceException.class);
    }

    private static void assertRefused(String path, String named) {
        assertThatThrownBy(() -> parse(path)).as(path).isInstanceOf(ServiceException.class)
                .hasMessageContaining(named)
                .extracting(e -> ((ServiceException) e).errorCode()).isEqualTo(ErrorCode.INVALID_INPUT);
    }
}
