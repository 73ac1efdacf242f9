// The imgui renderer's vertex stage: imgui's interleaved vertices, in display
// units with y down, mapped to clip space by proj (scale xy, offset zw).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color; // 4 bytes, normalised

uniform vec4 proj;

out vec2 frag_uv;
out vec4 frag_color;

void main() {
	frag_uv = uv;
	frag_color = color;
	gl_Position = vec4(pos * proj.xy + proj.zw, 0.0, 1.0);
}
