// The imgui renderer's fragment stage: vertex colour times the texture (the
// RGBA font atlas, whose white texel draws solid shapes, or a pane's image).
in vec2 frag_uv;
in vec4 frag_color;

layout(binding = UI_TEXTURE_UNIT) uniform sampler2D tex;

out vec4 out_color;

void main() {
	out_color = frag_color * texture(tex, frag_uv);
}
