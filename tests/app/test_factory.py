from tournament import create_app


def test_home_page_sends_fresh_install_to_organiser_setup(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/setup")


def test_setup_page_renders_through_base_template(client):
    page = client.get("/setup").get_data(as_text=True)
    assert "<title>Create the organiser account · Barnga</title>" in page
    assert "app.css" in page


def test_health_check_needs_no_login(client):
    assert client.get("/health").get_json() == {"ok": True}


def test_secret_key_is_generated_once_and_kept_in_instance_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path))
    first = create_app({"DATABASE_URL": "sqlite://"}).config["SECRET_KEY"]
    second = create_app({"DATABASE_URL": "sqlite://"}).config["SECRET_KEY"]
    assert first == second
    assert (tmp_path / "secret_key").read_text().strip() == first
    assert len(first) >= 32


def test_factory_creates_no_tables(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path))
    create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    # The file is born empty and private before any connection (private_files.secure_sqlite).
    assert (tmp_path / "x.sqlite3").stat().st_size == 0


def test_environment_prefixed_settings_override_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("TOURNAMENT_MAX_NAME_LENGTH", "12")
    assert create_app().config["MAX_NAME_LENGTH"] == 12


def test_unknown_page_is_a_friendly_404(organiser):
    response = organiser.get("/events/999999")
    assert response.status_code == 404
    assert "no such event" in response.get_data(as_text=True)


def test_every_response_has_a_content_security_policy_without_outside_origins(client):
    policy = client.get("/setup").headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "http" not in policy
