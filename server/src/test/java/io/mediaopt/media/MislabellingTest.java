package io.mediaopt.media;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A name of the other kind is refused; the same kind, unknown extensions and no extension pass. */
class MislabellingTest {
    private static final MediaFormat JPEG = MediaFormat.JPEG;
    private static final MediaFormat HEIF = MediaFormat.HEIF;
    private static final MediaFormat PNG = MediaFormat.PNG;
    private static final MediaFormat MP4 = MediaFormat.MP4;

    @Test
    void aNameOfTheOtherKindIsRefusedWithWhatTheContentIs() {
        MediaException refusal = refusal("holiday.mp4", JPEG);
        assertThat(refusal.status()).isEqualTo(415);
        assertThat(refusal.code()).isEqualTo("unsupported-type");
        assertThat(refusal).hasMessage("The file is named as a video (.mp4) but its content is a JPEG image");
        assertThat(refusal("photo.jpg", MP4))
                .hasMessage("The file is named as an image (.jpg) but its content is an MP4 video");
    }

    @Test
    void everyKnownExtensionOfTheOtherKindCountsWhateverItsCase() {
        for (String ext : new String[]{"mp4", "M4V", "mov", "qt", "webm", "mkv", "avi", "ts", "mts", "m2ts", "3gp",
                "3g2", "ogv", "ogg", "mpg", "MPEG"}) {
            assertThat(refusal("clip." + ext, JPEG)).as(ext).isNotNull();
        }
        for (String ext : new String[]{"jpg", "JPEG", "jpe", "jfif", "png", "gif", "webp", "avif", "heic", "heif",
                "tif", "TIFF"}) {
            assertThat(refusal("photo." + ext, MP4)).as(ext).isNotNull();
        }
    }

    @Test
    void theSameKindUnknownExtensionsAndNoExtensionPass() {
        for (String name : new String[]{"IMG_0001.jpg", "photo.png", "photo.bin", "photo", "upload", "archive.tar.gz",
                ".mp4.jpg", "a.mp4.", "clip.mp4.exe"}) {
            assertAccepted(name, JPEG);
        }
        assertAccepted("IMG_0001.JPG", HEIF);
        assertAccepted("screen.jpg", PNG);
        assertAccepted("clip.mov", MP4);
        assertAccepted("clip.mkv", MP4);
        assertAccepted(null, MP4);
    }

    @Test
    void aHostileNameIsOnlyLookedAtAfterItsLastDot() {
        assertAccepted("../../etc/passwd\r\n\u0000.bin", JPEG);
        assertAccepted("x".repeat(10_000), JPEG);
        assertAccepted("фото.jpg", JPEG);
        assertThat(refusal("../../" + "x".repeat(10_000) + "\r\n\u0000видео.MP4", JPEG))
                .hasMessage("The file is named as a video (.mp4) but its content is a JPEG image");
    }

    private static MediaException refusal(String name, MediaFormat media) {
        return catchThrowableOfType(MediaException.class, () -> Mislabelling.refuse(name, media));
    }

    private static void assertAccepted(String name, MediaFormat media) {
        assertThatCode(() -> Mislabelling.refuse(name, media)).as(name).doesNotThrowAnyException();
    }
}
