package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mediaopt.client.ImageUrlOptions.Format;
import io.mediaopt.client.ImageUrlOptions.Gravity;
import io.mediaopt.client.ImageUrlOptions.Preset;
import io.mediaopt.client.ImageUrlOptions.ResizingType;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * The URLs {@link ImageUrls} builds against those imgproxy's official Node builder
 * ({@code @imgproxy/imgproxy-node} 1.x, {@code generateImageUrl}) built for the same options,
 * with imgproxy's README key pair and {@code https://media.example.com/img/} as endpoint.
 */
class ImageUrlsTest {
    private static final String KEY = "943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881";
    private static final String SALT = "520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5";
    private static final ImageUrls URLS = ImageUrls.signed(URI.create("https://media.example.com/api/"), KEY, SALT);

    @Test
    void buildsTheNodeBuildersUrlWithoutOptions() {
        assertThat(URLS.url("https://images.example.com/cat.jpg")).isEqualTo("https://media.example.com/img/"
                + "xcRkEyLY2qhtML8my0fWeJ5we-KW-e9fCZo2S45obKg/aHR0cHM6Ly9pbWFnZXMuZXhhbXBsZS5jb20vY2F0LmpwZw");
    }

    @Test
    void buildsTheNodeBuildersUrlOfASmartCrop() {
        // {resizing_type: "fill", width: 300, height: 200, gravity: {type: "sm"}, format: "webp"}
        assertThat(URLS.url("https://images.example.com/cat.jpg", new ImageUrlOptions().width(300).height(200)
                .resizingType(ResizingType.FILL).gravity(Gravity.SMART).format(Format.WEBP)))
                .isEqualTo("https://media.example.com/img/E6dQdDaMmdHGIA84PzjP8AJLQJGE-kXU5KXRPxlcsQo"
                        + "/f:webp/g:sm/h:200/rt:fill/w:300/aHR0cHM6Ly9pbWFnZXMuZXhhbXBsZS5jb20vY2F0LmpwZw");
    }

    @Test
    void buildsTheNodeBuildersUrlWithEveryOption() {
        // {width: 160, height: 300, resizing_type: "fill-down", gravity: {type: "fp", x: 0.9, y: 0.25}, dpr: 1.5,
        //  quality: 40, format: "avif", preset: ["low-bandwidth"], enlarge: 1}
        assertThat(URLS.url("s3://uploads/é photo.png", new ImageUrlOptions().enlarge(true).width(160).height(300)
                .resizingType(ResizingType.FILL_DOWN).focalPoint(0.9, 0.25).dpr(1.5).quality(40).format(Format.AVIF)
                .preset(Preset.LOW_BANDWIDTH)))
                .isEqualTo("https://media.example.com/img/Tya7u7JoBO1wozUOJPJKd9l5ABc6LVypQUgDOPE3dtA/dpr:1.5/el:t"
                        + "/f:avif/g:fp:0.9:0.25/h:300/pr:low-bandwidth/q:40/rt:fill-down/w:160"
                        + "/czM6Ly91cGxvYWRzL8OpIHBob3RvLnBuZw");
        // {height: 90, enlarge: false, gravity: {type: "soea"}, resizing_type: "force", preset: ["mobile"],
        //  format: "best", dpr: 2}
        assertThat(URLS.url("mediaopt://jobs/1/output", new ImageUrlOptions().height(90).enlarge(false)
                .gravity(Gravity.SOUTH_EAST).resizingType(ResizingType.FORCE).preset(Preset.MOBILE)
                .format(Format.BEST).dpr(2)))
                .isEqualTo("https://media.example.com/img/dO67ZrB2r_WzZEyyXImTwYK7iCv_haRidPeRfqdxPPA/dpr:2/el:f"
                        + "/f:best/g:soea/h:90/pr:mobile/rt:force/bWVkaWFvcHQ6Ly9qb2JzLzEvb3V0cHV0");
    }

    @Test
    void saysInsecureWithoutAKeyAndRefusesAKeyThatIsNotHex() {
        assertThat(ImageUrls.unsigned(URI.create("https://media.example.com")).url("s3://a.jpg",
                new ImageUrlOptions().width(10))).isEqualTo("https://media.example.com/img/insecure/w:10/czM6Ly9hLmpwZw");
        assertThatThrownBy(() -> ImageUrls.signed(URI.create("https://media.example.com"), "not hex", SALT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
        assertThatThrownBy(() -> ImageUrls.signed(URI.create("https://media.example.com"), KEY, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("salt");
    }
}
