# Renders SCENE (above: Speckle's scene, exported by scenes/cycles) with
# Cycles in Speckle's conventions, once per seed, each into a PFM file of
# linear radiance. Run: blender -b --factory-startup --python-exit-code 1 -P FILE
import math
import os
import sys
import time
from array import array

import bmesh
import bpy
from mathutils import Matrix, Vector

ICO_SUBDIVISIONS = 7

bpy.ops.wm.read_factory_settings(use_empty=True)
sc = bpy.context.scene
sc.render.engine = "CYCLES"
sc.render.resolution_x, sc.render.resolution_y = SCENE["width"], SCENE["height"]
sc.render.resolution_percentage = 100
sc.render.film_transparent = False
sc.view_settings.view_transform = "Standard"
sc.render.image_settings.file_format = "OPEN_EXR"
sc.render.image_settings.color_depth = "32"
sc.render.image_settings.exr_codec = "NONE"
cy = sc.cycles
cy.device = "CPU"
cy.samples = SCENE["samples"]
cy.use_adaptive_sampling = False
cy.use_denoising = False
# Unbiased: no clamping, no glossy blur, caustics on, a box pixel filter
# (Speckle jitters uniformly over the pixel), bounces ended only by roulette.
cy.sample_clamp_direct = cy.sample_clamp_indirect = 0
cy.blur_glossy = 0
cy.caustics_reflective = cy.caustics_refractive = True
cy.light_sampling_threshold = 0
cy.pixel_filter_type = "BOX"
cy.filter_width = 1.0
cy.max_bounces = cy.diffuse_bounces = cy.glossy_bounces = cy.transmission_bounces = SCENE["max_bounces"]
cy.transparent_max_bounces = cy.volume_bounces = 0
world = bpy.data.worlds.new("black")
world.color = (0, 0, 0)
sc.world = world

cam = SCENE["camera"]
data = bpy.data.cameras.new("camera")
data.sensor_fit = "VERTICAL"
data.angle_y = math.radians(cam["fov"])
data.clip_start, data.clip_end = 1e-4, 1e4
obj = bpy.data.objects.new("camera", data)
pos = Vector(cam["position"])
f = (Vector(cam["look_at"]) - pos).normalized()
r = f.cross(Vector(cam["up"])).normalized()
u = r.cross(f)
# Blender's camera looks down its -z with +y up.
obj.matrix_world = Matrix(((r.x, u.x, -f.x, pos.x), (r.y, u.y, -f.y, pos.y), (r.z, u.z, -f.z, pos.z), (0, 0, 0, 1)))
sc.collection.objects.link(obj)
sc.camera = obj


def material(m):
    mat = bpy.data.materials.new(m["name"])
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    nodes.clear()
    out = nodes.new("ShaderNodeOutputMaterial")
    rgba = (*m["color"], 1.0)
    if m["type"] == "light":
        # One-sided: radiance color on the front (the normal u x v), black behind.
        front, back = nodes.new("ShaderNodeEmission"), nodes.new("ShaderNodeEmission")
        front.inputs["Color"].default_value, front.inputs["Strength"].default_value = rgba, 1.0
        back.inputs["Strength"].default_value = 0.0
        side = nodes.new("ShaderNodeNewGeometry")
        bsdf = nodes.new("ShaderNodeMixShader")
        links.new(side.outputs["Backfacing"], bsdf.inputs["Fac"])
        links.new(front.outputs[0], bsdf.inputs[1])
        links.new(back.outputs[0], bsdf.inputs[2])
    elif m["type"] == "diffuse":
        bsdf = nodes.new("ShaderNodeBsdfDiffuse")  # roughness 0: Lambert
        bsdf.inputs["Roughness"].default_value = 0.0
    elif m["type"] == "mirror":
        bsdf = nodes.new("ShaderNodeBsdfGlossy")
        bsdf.distribution = "SHARP"
    elif m["type"] == "glass":
        bsdf = nodes.new("ShaderNodeBsdfGlass")  # sharp: the exact dielectric Fresnel
        bsdf.distribution = "SHARP"
        bsdf.inputs["IOR"].default_value = m["ior"]
    else:
        raise ValueError("unknown material type " + m["type"])
    if m["type"] != "light":
        bsdf.inputs["Color"].default_value = rgba
    links.new(bsdf.outputs[0], out.inputs["Surface"])
    return mat


mats = [material(m) for m in SCENE["materials"]]

# Faces (quads and triangles; the vertex order gives the normal) in one mesh.
verts, faces = [], []
for f in SCENE["faces"]:
    faces.append(list(range(len(verts), len(verts) + len(f["vertices"]))))
    verts += f["vertices"]
mesh = bpy.data.meshes.new("faces")
mesh.from_pydata(verts, [], faces)
for m in mats:
    mesh.materials.append(m)
mesh.polygons.foreach_set("material_index", [f["material"] for f in SCENE["faces"]])
mesh.update()
sc.collection.objects.link(bpy.data.objects.new("faces", mesh))

# Spheres: icospheres of 327,680 faces, smooth shaded, so that the shading
# normal is the sphere's within a small fraction of a degree. (Cycles' point
# primitive, an exact sphere, misses the way out of a ray inside it: glass
# spheres made of points refract once.)
for i, s in enumerate(SCENE["spheres"]):
    bm = bmesh.new()
    bmesh.ops.create_icosphere(bm, subdivisions=ICO_SUBDIVISIONS, radius=s["radius"], matrix=Matrix.Translation(s["center"]))
    for f in bm.faces:
        f.smooth = True
    mesh = bpy.data.meshes.new("sphere%d" % i)
    bm.to_mesh(mesh)
    bm.free()
    mesh.materials.append(mats[s["material"]])
    sc.collection.objects.link(bpy.data.objects.new("sphere%d" % i, mesh))

for seed in SCENE["seeds"]:
    start = time.time()
    cy.seed = seed
    exr = SCENE["out"].replace("{seed}", str(seed)) + ".exr"
    sc.render.filepath = exr
    bpy.ops.render.render(write_still=True)
    img = bpy.data.images.load(exr)
    px = array("f", bytes(4 * 4 * SCENE["width"] * SCENE["height"]))
    img.pixels.foreach_get(px)
    bpy.data.images.remove(img)
    os.remove(exr)
    rgb = array("f")
    for i in range(0, len(px), 4):
        rgb.extend(px[i : i + 3])
    # Rows bottom to top, as PFM's; the scale's sign gives the byte order.
    with open(SCENE["out"].replace("{seed}", str(seed)), "wb") as out:
        out.write(b"PF\n%d %d\n%s\n" % (SCENE["width"], SCENE["height"], b"-1.0" if sys.byteorder == "little" else b"1.0"))
        rgb.tofile(out)
    print("speckle-validate: seed %d rendered in %.1f s" % (seed, time.time() - start), flush=True)
