package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContentDispositionTest {

    @Test
    void readsAQuotedFilename() {
        assertThat(ContentDisposition.filename("inline; filename=\"cat.webp\"")).isEqualTo("cat.webp");
    }

    @Test
    void readsAnUnquotedFilenameAndIgnoresOtherParameters() {
        assertThat(ContentDisposition.filename("attachment; filename=clip.mp4; size=10")).isEqualTo("clip.mp4");
    }

    @Test
    void unescapesQuotedPairsAndKeepsSemicolonsInsideQuotes() {
        assertThat(ContentDisposition.filename("attachment; filename=\"a \\\"b\\\"; c.png\""))
                .isEqualTo("a \"b\"; c.png");
    }

    @Test
    void prefersTheExtendedUtf8FormWhicheverComesFirst() {
        String after = "attachment; filename=\"caf_.webp\"; filename*=UTF-8''caf%C3%A9%20%E2%9C%93.webp";
        String before = "attachment; filename*=utf-8'en'caf%C3%A9%20%E2%9C%93.webp; filename=\"caf_.webp\"";
        assertThat(ContentDisposition.filename(after)).isEqualTo("café ✓.webp");
        assertThat(ContentDisposition.filename(before)).isEqualTo("café ✓.webp");
    }

    @Test
    void fallsBackToThePlainFormWhenTheExtendedOneIsMalformed() {
        assertThat(ContentDisposition.filename("inline; filename*=UTF-8''bad%zz; filename=\"ok.jpg\""))
                .isEqualTo("ok.jpg");
        assertThat(ContentDisposition.filename("inline; filename*=no-quotes; filename=\"ok.jpg\""))
                .isEqualTo("ok.jpg");
        assertThat(ContentDisposition.filename("inline; filename*=x-unknown''a.jpg; filename=\"ok.jpg\""))
                .isEqualTo("ok.jpg");
    }

    @Test
    void decodesIsoLatin1ExtendedValues() {
        assertThat(ContentDisposition.filename("attachment; filename*=ISO-8859-1''na%EFve.gif")).isEqualTo("naïve.gif");
    }

    @Test
    void parameterNamesAreCaseInsensitive() {
        assertThat(ContentDisposition.filename("inline; FileName=\"UP.PNG\"")).isEqualTo("UP.PNG");
    }

    @Test
    void dropsDirectoriesSoANameCannotEscapeWhereItIsSaved() {
        assertThat(ContentDisposition.filename("attachment; filename=\"../../etc/passwd\"")).isEqualTo("passwd");
        assertThat(ContentDisposition.filename("attachment; filename=\"C:\\\\temp\\\\x.jpg\"")).isEqualTo("x.jpg");
        assertThat(ContentDisposition.filename("attachment; filename*=UTF-8''..%2F..")).isNull();
    }

    @Test
    void returnsNullWhenThereIsNoName() {
        assertThat(ContentDisposition.filename(null)).isNull();
        assertThat(ContentDisposition.filename("inline")).isNull();
        assertThat(ContentDisposition.filename("attachment; filename=\"\"")).isNull();
    }
}
