package io.mediaopt.imageurl;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The geometry of each resizing type, as imgproxy works it out, on a 400 x 300 source. */
class RenderPlanTest {
    static RenderPlan plan(ResizingType type, int w, int h, boolean enlarge) {
        return RenderPlan.of(ImageOptions.DEFAULTS.withResizingType(type).withWidth(w).withHeight(h)
                .withEnlarge(enlarge), 400, 300);
    }

    @Test
    void fitKeepsTheAspectAndDoesNotEnlarge() {
        assertThat(plan(ResizingType.FIT, 200, 200, false)).extracting(RenderPlan::resizeWidth, RenderPlan::resizeHeight)
                .containsExactly(200, 150);
        assertThat(plan(ResizingType.FIT, 800, 0, false).resizeWidth()).isEqualTo(400);
        assertThat(plan(ResizingType.FIT, 800, 0, true).resizeWidth()).isEqualTo(800);
    }

    @Test
    void aScaledSideIsRoundedOnce() {
        // 3000 x 1150 / 4000 is 862.5; 3000 x (1150 / 4000.0) is 862.4999..., which gave 862 and, in
        // libvips' box of 1150 x 862, a picture 1149 wide
        RenderPlan fit = RenderPlan.of(ImageOptions.DEFAULTS.withWidth(1150), 4000, 3000);
        assertThat(fit).extracting(RenderPlan::resizeWidth, RenderPlan::resizeHeight).containsExactly(1150, 863);
        RenderPlan fill = RenderPlan.of(ImageOptions.DEFAULTS.withResizingType(ResizingType.FILL).withWidth(1150)
                .withHeight(100), 4000, 3000);
        assertThat(fill).extracting(RenderPlan::resizeWidth, RenderPlan::resizeHeight).containsExactly(1150, 863);
    }

    @Test
    void fillCoversThenCrops() {
        RenderPlan fill = plan(ResizingType.FILL, 100, 100, false);
        assertThat(fill).extracting(RenderPlan::resizeWidth, RenderPlan::resizeHeight, RenderPlan::cropWidth,
                RenderPlan::cropHeight).containsExactly(133, 100, 100, 100);
        RenderPlan bigger = plan(ResizingType.FILL, 600, 600, false);
        assertThat(bigger).extracting(RenderPlan::cropWidth, RenderPlan::cropHeight).containsExactly(400, 300);
        RenderPlan down = plan(ResizingType.FILL_DOWN, 600, 600, false);
        assertThat(down).extracting(RenderPlan::cropWidth, RenderPlan::cropHeight).containsExactly(300, 300);
    }

    @Test
    void forceAndAuto() {
        assertThat(plan(ResizingType.FORCE, 100, 100, false)).extracting(RenderPlan::resizeWidth,
                RenderPlan::resizeHeight).containsExactly(100, 100);
        assertThat(plan(ResizingType.AUTO, 200, 100, false).kind()).isEqualTo(RenderPlan.Kind.FILL);
        assertThat(plan(ResizingType.AUTO, 100, 200, false).kind()).isEqualTo(RenderPlan.Kind.FIT);
    }

    @Test
    void cropWindowFollowsGravity() {
        assertThat(RenderPlan.offset(133, 100, 0, false)).isZero();
        assertThat(RenderPlan.offset(133, 100, 1, false)).isEqualTo(33);
        assertThat(RenderPlan.offset(133, 100, 0.5, false)).isEqualTo(17);
        assertThat(RenderPlan.offset(1000, 100, 0.9, true)).isEqualTo(850);
        assertThat(RenderPlan.offset(1000, 100, 1, true)).isEqualTo(900);
    }
}
